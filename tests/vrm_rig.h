/* A small VRM 1.0 avatar and a binary glTF writer, for the tests of
   posemath_vrm.h (test_vrm_runtime.c) and its fuzz target (fuzz/vrm.c). */
#ifndef TESTS_VRM_RIG_H
#define TESTS_VRM_RIG_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A binary glTF of this JSON (and binary chunk, or none), malloc'd */
static unsigned char *glb_of(const char *json, const void *bin, size_t bin_size, size_t *size)
{
    const size_t json_size = (strlen(json) + 3) & ~(size_t)3, chunk = bin ? 8 + ((bin_size + 3) & ~(size_t)3) : 0;
    unsigned char *out = (unsigned char *)calloc(1, 20 + json_size + chunk);
    uint32_t header[5];
    header[0] = 0x46546c67u, header[1] = 2, header[2] = (uint32_t)(20 + json_size + chunk);
    header[3] = (uint32_t)json_size, header[4] = 0x4e4f534au;
    memcpy(out, header, sizeof header);
    memset(out + 20, ' ', json_size);
    memcpy(out + 20, json, strlen(json));
    if (bin) {
        header[0] = (uint32_t)((bin_size + 3) & ~(size_t)3), header[1] = 0x004e4942u;
        memcpy(out + 20 + json_size, header, 8);
        memcpy(out + 28 + json_size, bin, bin_size);
    }
    *size = 20 + json_size + chunk;
    return out;
}

/* A small VRM 1.0 avatar: the 15 required bones, a mesh of two morph
   targets on node 15, expressions and an expression lookAt. %s: more
   members of VRMC_vrm. */
#define RIG_NODES                                                                                                    \
    "\"nodes\":[{\"translation\":[0,1,0],\"children\":[1,9,12]},{\"translation\":[0,0.1,0],\"children\":[2,3,6]},"   \
    "{\"translation\":[0,0.5,0]},{\"translation\":[0.2,0.4,0],\"children\":[4]},{\"translation\":[0.3,0,0],"      \
    "\"children\":[5]},{\"translation\":[0.25,0,0]},{\"translation\":[-0.2,0.4,0],\"children\":[7]},"               \
    "{\"translation\":[-0.3,0,0],\"children\":[8]},{\"translation\":[-0.25,0,0]},{\"translation\":[0.1,-0.05,0],"  \
    "\"children\":[10]},{\"translation\":[0,-0.45,0],\"children\":[11]},{\"translation\":[0,-0.45,0]},"            \
    "{\"translation\":[-0.1,-0.05,0],\"children\":[13]},{\"translation\":[0,-0.45,0],\"children\":[14]},"          \
    "{\"translation\":[0,-0.45,0]},{\"mesh\":0}]"
#define RIG_BONES                                                                                                    \
    "\"humanoid\":{\"humanBones\":{\"hips\":{\"node\":0},\"spine\":{\"node\":1},\"head\":{\"node\":2},"             \
    "\"leftUpperArm\":{\"node\":3},\"leftLowerArm\":{\"node\":4},\"leftHand\":{\"node\":5},"                        \
    "\"rightUpperArm\":{\"node\":6},\"rightLowerArm\":{\"node\":7},\"rightHand\":{\"node\":8},"                     \
    "\"leftUpperLeg\":{\"node\":9},\"leftLowerLeg\":{\"node\":10},\"leftFoot\":{\"node\":11},"                      \
    "\"rightUpperLeg\":{\"node\":12},\"rightLowerLeg\":{\"node\":13},\"rightFoot\":{\"node\":14}}}"
static const char rig_json[] =
    "{\"asset\":{\"version\":\"2.0\"}," RIG_NODES ",\"meshes\":[{\"primitives\":[{\"attributes\":{},"
    "\"targets\":[{},{}]}]}],\"extensionsUsed\":[\"VRMC_vrm\"],\"extensions\":{\"VRMC_vrm\":{\"specVersion\":\"1.0\","
    RIG_BONES ",\"lookAt\":{\"type\":\"expression\"},\"expressions\":{\"preset\":{\"happy\":{\"morphTargetBinds\":"
    "[{\"node\":15,\"index\":1,\"weight\":0.5}]},\"blink\":{\"isBinary\":true,\"morphTargetBinds\":[{\"node\":15,"
    "\"index\":0,\"weight\":1}]},\"lookUp\":{}},\"custom\":{\"wink\":{}}}}}}";

#endif
