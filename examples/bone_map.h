/* bone_map.h: the --map files of bvh2vrma and vmd2vrma, lines
   "SourceName vrmBoneName" (# starts a comment) naming, for a VRM humanoid
   bone, the joint or bone of the motion's skeleton that drives it.
   Example code: include it in one file. */
#ifndef EXAMPLES_BONE_MAP_H
#define EXAMPLES_BONE_MAP_H

#include "../posemath.h"
#include "read_file.h"

#include <stdio.h>
#include <string.h>

/* The index of the skeleton's joint or bone called name, or -1 */
typedef int (*bone_map_lookup)(const void *skeleton, const char *name);

/* bone_node[b]: the index lookup gives for bone b's line, -1 without one.
   The file is read whole (read_file.h takes its size first: a device
   that never ends reads as empty); 0, with a message saying the tool, the
   line and `expected`, on a line that is not two names of which lookup
   knows the first and the VRM humanoid the second. */
static int bone_map_read(const char *tool, const char *path, bone_map_lookup lookup, const void *skeleton,
                         const char *expected, int bone_node[PM_BONE_COUNT])
{
    size_t length;
    char *text = (char *)read_file(path, &length), *line, *next;
    int number = 0, b;
    if (!text) {
        fprintf(stderr, "%s: %s: cannot be read\n", tool, path);
        return 0;
    }
    for (b = 0; b < PM_BONE_COUNT; ++b) bone_node[b] = -1;
    for (line = text; line && *line; line = next) {
        char source[256], name[64], extra[2];
        pm_bone bone;
        int fields, index;
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        ++number;
        if (strchr(line, '#')) *strchr(line, '#') = '\0';
        fields = sscanf(line, "%255s %63s %1s", source, name, extra);
        if (fields <= 0) continue;
        if (fields != 2 || pm_bone_parse(name, &bone) != PM_OK || (index = lookup(skeleton, source)) < 0) {
            fprintf(stderr, "%s: %s:%d: expected %s\n", tool, path, number, expected);
            free(text);
            return 0;
        }
        bone_node[bone] = index;
    }
    free(text);
    return 1;
}

#endif
