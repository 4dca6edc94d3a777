/* cpu_time COMMAND [ARG...]: runs the command and prints the CPU seconds
   it and its children took (user + system, as getrusage counts them), or
   fails as the command does. make compile-time times the implementation's
   compile with it: CPU time, unlike wall time, does not count what other
   processes on the machine take. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct rusage usage;
    int status;
    pid_t child;
    if (argc < 2) {
        fprintf(stderr, "usage: cpu_time COMMAND [ARG...]\n");
        return 2;
    }
    child = fork();
    if (child < 0) {
        perror("cpu_time: fork");
        return 2;
    }
    if (child == 0) {
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    if (waitpid(child, &status, 0) != child || getrusage(RUSAGE_CHILDREN, &usage) != 0) {
        perror("cpu_time: waitpid");
        return 2;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
    printf("%.1f\n", (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                         (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6);
    return 0;
}
