/* The dependency rule of VRMC_node_constraint 1.0 between two constraints
   of a set, written out for the tests to check pm_constraint_set_init's
   circles by (tests/test_constraints.c, tests/fuzz/constraint_set.c). */
#ifndef POSEMATH_TESTS_CONSTRAINT_READS_H
#define POSEMATH_TESTS_CONSTRAINT_READS_H

/* Whether constraint a reads what constraint b writes: roll and rotation
   read their source's local rotation; aim reads the world matrices of its
   source and of its destination's parent, so every node above them too.
   The parent chains must end at a root (pm_constraint_set_init checks the
   chains above an aim's nodes). */
static int constraint_reads(const pm_constraint_set *set, int a, int b)
{
    const pm_constraint *reader = &set->constraints[a];
    const int written = set->constraints[b].destination;
    int node;
    if (reader->type != PM_CONSTRAINT_AIM) return reader->source == written;
    for (node = reader->source; node >= 0; node = set->parent[node])
        if (node == written) return 1;
    for (node = set->parent[reader->destination]; node >= 0; node = set->parent[node])
        if (node == written) return 1;
    return 0;
}

#endif
