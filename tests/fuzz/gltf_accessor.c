/* libFuzzer: the examples' glTF accessor reader (examples/gltf_accessor.h)
   on any JSON and any buffer bytes. The input is split in three: a control
   block (which buffers exist, and each call's accessor index, components,
   maximum and output), the JSON text, and the bytes of buffer 0 (buffer 1
   is its first half), each in an allocation of exactly its size so that
   AddressSanitizer reports any read past it. A call that succeeds returns
   a count within its maximum and writes exactly count x components
   values (a guard past them must stay untouched); gltf_accessor_in_place
   agrees on the count, and every byte of the elements it points at lies in
   its buffer. */
#include "../../examples/gltf_accessor.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { CONTROL = 16, MAX_ELEMENTS = 64, MAX_COMPONENTS = 16, GUARD = 4 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static float floats[MAX_ELEMENTS * MAX_COMPONENTS + GUARD];
    static uint16_t integers[MAX_ELEMENTS * MAX_COMPONENTS + GUARD];
    gltf_buffers buffers;
    size_t json_length, rest;
    char *text;
    cJSON *json;
    int call;
    if (size < CONTROL + 2) return 0;
    json_length = (size_t)(data[CONTROL] | data[CONTROL + 1] << 8);
    rest = size - CONTROL - 2;
    if (json_length > rest) json_length = rest;
    if (!(text = (char *)malloc(json_length + 1))) return 0;
    memcpy(text, data + CONTROL + 2, json_length);
    text[json_length] = '\0';
    json = cJSON_Parse(text);
    free(text);
    memset(&buffers, 0, sizeof buffers);
    rest -= json_length;
    if (data[0] & 1) { /* buffer 0: the bytes after the JSON; buffer 1: its first half */
        buffers.data[0] = (unsigned char *)malloc(rest ? rest : 1);
        if (!buffers.data[0]) abort();
        memcpy(buffers.data[0], data + size - rest, rest);
        buffers.length[0] = rest;
    }
    if (data[0] & 2) {
        buffers.data[1] = (unsigned char *)malloc(rest / 2 ? rest / 2 : 1);
        if (!buffers.data[1]) abort();
        memcpy(buffers.data[1], data + size - rest, rest / 2);
        buffers.length[1] = rest / 2;
    }
    for (call = 0; call < 5; ++call) {
        const uint8_t *c = data + 1 + 3 * call;
        const int index = (int)(c[0] & 7) - 1, components = 1 + c[1] % MAX_COMPONENTS, max = c[2] % (MAX_ELEMENTS + 1);
        const int output = c[1] >> 4 & 3; /* 0: check only, 1: floats, 2 and 3: integers */
        const char *why = NULL;
        int count, k;
        for (k = 0; k < MAX_ELEMENTS * MAX_COMPONENTS + GUARD; ++k) floats[k] = -7.0f, integers[k] = 0xBEEF;
        count = gltf_read_accessor(json, &buffers, index, components, max, output == 1 ? floats : NULL,
                                   output >= 2 ? integers : NULL, &why);
        if (count < 0) {
            if (!why) abort();
            continue;
        }
        if (count > max) abort();
        for (k = count * components; k < MAX_ELEMENTS * MAX_COMPONENTS + GUARD; ++k)
            if (floats[k] != -7.0f || integers[k] != 0xBEEF) abort();
        { /* the same accessor in place: every byte of its elements lies in its buffer (ASan reads them) */
            const int type = c[2] & 0x80 ? 5123 : 5126, element = components * (type == 5126 ? 4 : 2);
            int stride, in_place_count, e;
            const unsigned char *first = (const unsigned char *)gltf_accessor_in_place(
                json, &buffers, index, components, max, type, &stride, &in_place_count);
            unsigned sum = 0;
            if (in_place_count != count) abort();
            for (k = 0; first && k < in_place_count; ++k)
                for (e = 0; e < element; ++e) sum += first[(size_t)k * (size_t)stride + (size_t)e];
            if (sum == 0xFFFFFFFFu) abort(); /* keeps the reads */
        }
    }
    cJSON_Delete(json);
    free(buffers.data[0]);
    free(buffers.data[1]);
    return 0;
}
