/* skin_pool.h: a prepared skinning job run on two threads, half the
   vertices each, for the examples. Example code: include it in one file. */
#ifndef EXAMPLES_SKIN_POOL_H
#define EXAMPLES_SKIN_POOL_H

#include "../posemath.h"

#include <pthread.h>
#include <string.h>

/* A helper thread started once, as an engine's worker pool is: each call
   hands it the second half of a job's vertices and runs the first half on
   the calling thread. */
typedef struct skin_pool {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    const pm_skin_job *job;         /* the job of the round being run */
    int first, count;               /* the helper's vertices */
    unsigned round, finished;       /* rounds handed out, rounds the helper has finished */
    int quit, running;              /* running: the helper thread exists */
    pm_result result;               /* the helper's, for round `finished` */
} skin_pool;

static void *skin_pool_helper(void *arg)
{
    skin_pool *p = (skin_pool *)arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->round == p->finished && !p->quit) pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit) break;
        pthread_mutex_unlock(&p->lock);
        {
            const pm_result result = pm_skin_job_run(p->job, p->first, p->count);
            pthread_mutex_lock(&p->lock);
            p->result = result;
        }
        p->finished = p->round;
        pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Starts the helper; without one (no thread could be started) skin_pool_run
   runs both halves on the calling thread. */
static void skin_pool_start(skin_pool *p)
{
    memset(p, 0, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    p->running = pthread_create(&p->thread, NULL, skin_pool_helper, p) == 0;
}

/* The job is shared and only read; the halves do not overlap. */
static pm_result skin_pool_run(skin_pool *p, const pm_skin_job *job)
{
    const int half = job->vertex_count / 2;
    pm_result mine, theirs;
    if (!p->running) {
        mine = pm_skin_job_run(job, 0, half);
        theirs = pm_skin_job_run(job, half, job->vertex_count - half);
        return mine != PM_OK ? mine : theirs;
    }
    pthread_mutex_lock(&p->lock);
    p->job = job;
    p->first = half;
    p->count = job->vertex_count - half;
    ++p->round;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    mine = pm_skin_job_run(job, 0, half);
    pthread_mutex_lock(&p->lock);
    while (p->finished != p->round) pthread_cond_wait(&p->done, &p->lock);
    theirs = p->result;
    pthread_mutex_unlock(&p->lock);
    return mine != PM_OK ? mine : theirs;
}

static void skin_pool_stop(skin_pool *p)
{
    if (p->running) {
        pthread_mutex_lock(&p->lock);
        p->quit = 1;
        pthread_cond_signal(&p->wake);
        pthread_mutex_unlock(&p->lock);
        pthread_join(p->thread, NULL);
    }
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
}

#endif
