/* glb.h: a glTF binary (.glb, .vrm, .vrma) split into its JSON (parsed
   with cJSON) and its BIN chunk, which is buffer 0 for gltf_accessor.h.
   Example code: include it in one file. */
#ifndef EXAMPLES_GLB_H
#define EXAMPLES_GLB_H

#include "gltf_accessor.h"
#include <stdlib.h>

typedef struct glb {
    cJSON *json;
    gltf_buffers buffers; /* buffers.data[0]: the BIN chunk, inside the file's bytes */
} glb;

static uint32_t glb_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Splits the file's bytes (kept by the caller) into *out; 0 when they are
   not a glTF binary. Chunk lengths are checked against the file's size. */
static int glb_open(unsigned char *data, size_t size, glb *out)
{
    size_t json_length, offset;
    char *text;
    memset(out, 0, sizeof *out);
    if (size < 20 || memcmp(data, "glTF", 4) != 0 || glb_u32(data + 4) != 2) return 0;
    json_length = glb_u32(data + 12);
    if (glb_u32(data + 16) != 0x4e4f534au || json_length > size - 20) return 0; /* "JSON" */
    if (!(text = (char *)malloc(json_length + 1))) return 0;
    memcpy(text, data + 20, json_length);
    text[json_length] = '\0';
    out->json = cJSON_Parse(text);
    free(text);
    offset = 20 + json_length;
    if (offset + 8 <= size && glb_u32(data + offset + 4) == 0x004e4942u) { /* "BIN" */
        size_t length = glb_u32(data + offset);
        if (length <= size - offset - 8) {
            out->buffers.data[0] = data + offset + 8;
            out->buffers.length[0] = length;
        }
    }
    return out->json != NULL;
}

#endif
