/* What the examples need from a glTF's JSON (parsed with cJSON): the file's
   bytes (read_file.h), the scene as posemath takes it (a parent array and
   local TRS). gltf_accessor.h reads accessors.
   Example code: include it in one file. */
#ifndef EXAMPLES_GLTF_JSON_H
#define EXAMPLES_GLTF_JSON_H

#include "../posemath.h"
#include "read_file.h"
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_floats(const cJSON *node, const char *key, float *out, int count)
{
    const cJSON *array = cJSON_GetObjectItemCaseSensitive(node, key);
    int i;
    if (!cJSON_IsArray(array) || cJSON_GetArraySize(array) != count) return;
    for (i = 0; i < count; ++i) out[i] = (float)cJSON_GetArrayItem(array, i)->valuedouble;
}

/* glTF "nodes" as a parent array (from "children") and rest TRS (glTF's
   defaults where absent). Returns the node count, or -1 when there are more
   than max. */
static int read_scene(const cJSON *nodes, int *parent, pm_transform *rest, int max)
{
    int count = cJSON_GetArraySize(nodes), i;
    if (count > max) return -1;
    for (i = 0; i < count; ++i) parent[i] = -1;
    for (i = 0; i < count; ++i) {
        const cJSON *node = cJSON_GetArrayItem(nodes, i), *child;
        cJSON_ArrayForEach(child, cJSON_GetObjectItemCaseSensitive(node, "children"))
            if (cJSON_IsNumber(child) && child->valueint >= 0 && child->valueint < count)
                parent[child->valueint] = i;
        memset(&rest[i], 0, sizeof rest[i]);
        rest[i].rotation[3] = 1.0f;
        rest[i].scale[0] = rest[i].scale[1] = rest[i].scale[2] = 1.0f;
        read_floats(node, "translation", rest[i].translation, 3);
        read_floats(node, "rotation", rest[i].rotation, 4);
        read_floats(node, "scale", rest[i].scale, 3);
    }
    return count;
}

#endif
