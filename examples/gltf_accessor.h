/* gltf_accessor.h: a glTF's accessors read with every offset checked: no
   count, offset or stride in a file can make them read outside its
   buffers. For the examples that read glTF data (gltf_skin, vrma_tracks),
   and fuzzed (tests/fuzz/gltf_accessor.c). Example code: include it in one
   file. */
#ifndef EXAMPLES_GLTF_ACCESSOR_H
#define EXAMPLES_GLTF_ACCESSOR_H

#include <cjson/cJSON.h>
#include <stdint.h>
#include <string.h>

/* item as a glTF index, count or byte size: a whole number in [0, INT_MAX],
   else -1 (cJSON's valueint would turn -4 into a huge size_t once cast, 2.5
   into 2 and 1e39 into INT_MAX). */
static int json_whole_value(const cJSON *item)
{
    if (!cJSON_IsNumber(item) || !(item->valuedouble >= 0.0 && item->valuedouble <= 2147483647.0) ||
        item->valuedouble != (double)(int)item->valuedouble)
        return -1;
    return (int)item->valuedouble;
}

/* object[key] by json_whole_value, or `fallback` when the key is absent */
static int json_whole(const cJSON *object, const char *key, int fallback)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    return item ? json_whole_value(item) : fallback;
}

/* object[key][index], or NULL */
static const cJSON *json_at(const cJSON *object, const char *key, int index)
{
    return index < 0 ? NULL : cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(object, key), index);
}

enum { GLTF_MAX_BUFFERS = 16 };

/* The bytes of a glTF's buffers, in "buffers" order (a GLB's BIN chunk is
   buffer 0). */
typedef struct gltf_buffers {
    unsigned char *data[GLTF_MAX_BUFFERS];
    size_t length[GLTF_MAX_BUFFERS];
} gltf_buffers;

/* Accessor `index`'s first element in its buffer, its component type
   (5126 float, 5123 unsigned short, 5121 unsigned byte), byte stride and
   element count, `components` per element, at most `max` elements. The
   glTF 2.0 rules that keep reads inside the data: the accessor within its
   buffer view (byteOffset + (count - 1) * stride + element size <=
   byteLength), the view within its buffer, a stride of at least one
   element. NULL with the reason in *why. */
static const unsigned char *gltf_accessor_bytes(const cJSON *json, const gltf_buffers *buffers, int index,
                                                int components, int max, int *type, int *stride, int *count,
                                                const char **why)
{
    const cJSON *accessor = json_at(json, "accessors", index);
    const cJSON *view = json_at(json, "bufferViews", json_whole(accessor, "bufferView", -1));
    const int buffer = json_whole(view, "buffer", -1), view_offset = json_whole(view, "byteOffset", 0);
    const int view_length = json_whole(view, "byteLength", -1), offset = json_whole(accessor, "byteOffset", 0);
    int size, element;
    *type = json_whole(accessor, "componentType", 0);
    *count = json_whole(accessor, "count", -1);
    size = *type == 5126 ? 4 : *type == 5123 ? 2 : *type == 5121 ? 1 : 0;
    element = components * size;
    *stride = json_whole(view, "byteStride", element);
    if (!accessor || !view) return *why = "no such accessor or buffer view", (const unsigned char *)NULL;
    if (!size) return *why = "a component type this example cannot read", (const unsigned char *)NULL;
    if (*count < 0 || *count > max) return *why = "a count out of range", (const unsigned char *)NULL;
    if (buffer < 0 || buffer >= GLTF_MAX_BUFFERS || !buffers->data[buffer]) return *why = "no such buffer", (const unsigned char *)NULL;
    if (view_offset < 0 || view_length < 0 || (size_t)view_length > buffers->length[buffer] ||
        (size_t)view_offset > buffers->length[buffer] - (size_t)view_length)
        return *why = "a buffer view outside its buffer", (const unsigned char *)NULL;
    if (offset < 0 || *stride < element) return *why = "a negative offset, or a stride below the element size", (const unsigned char *)NULL;
    if (*count > 0 && (offset > view_length - element ||
                       (size_t)(*count - 1) > (size_t)(view_length - element - offset) / (size_t)*stride))
        return *why = "an accessor outside its buffer view", (const unsigned char *)NULL;
    return buffers->data[buffer] + view_offset + offset;
}

/* Accessor `index` as floats (float, or normalized unsigned bytes and
   shorts) or, with `integers`, as uint16 values (unsigned bytes and shorts);
   `components` per element, at most `max` elements (gltf_accessor_bytes's
   checks). With both outputs NULL it only checks. Returns the element
   count, or -1 with the reason in *why. */
static int gltf_read_accessor(const cJSON *json, const gltf_buffers *buffers, int index, int components, int max,
                              float *floats, uint16_t *integers, const char **why)
{
    int type, stride, count, i, c;
    const unsigned char *first = gltf_accessor_bytes(json, buffers, index, components, max, &type, &stride, &count, why);
    if (!first) return -1;
    if (integers && type == 5126) return *why = "a component type this example cannot read", -1;
    for (i = 0; i < count && (floats || integers); ++i) {
        const unsigned char *at = first + (size_t)stride * (size_t)i;
        for (c = 0; c < components; ++c) {
            const size_t slot = (size_t)i * (size_t)components + (size_t)c;
            float f;
            uint16_t u = 0;
            if (type == 5126) memcpy(&f, at + 4 * c, 4); /* glTF is little-endian, as is x86 */
            else if (type == 5123) u = (uint16_t)(at[2 * c] | at[2 * c + 1] << 8);
            else u = at[c];
            if (integers) integers[slot] = u;
            else floats[slot] = type == 5126 ? f : (float)u / (type == 5123 ? 65535.0f : 255.0f);
        }
    }
    return count;
}

/* Accessor `index` where it lies in its buffer, for a skinning job to read
   in place at *stride bytes apart: when its components are of `type` (5126
   float, 5123 unsigned short; the job reads neither normalized integers
   nor bytes) and on their alignment. Else NULL, and the caller copies it
   with gltf_read_accessor. *count: the element count (-1 when the accessor
   breaks gltf_accessor_bytes's rules). On a little-endian machine only, as
   glTF's data is. Inline: the examples that copy every accessor leave it
   unused. */
static inline const void *gltf_accessor_in_place(const cJSON *json, const gltf_buffers *buffers, int index, int components,
                                                 int max, int type, int *stride, int *count)
{
    const char *why;
    int stored;
    const unsigned char *first = gltf_accessor_bytes(json, buffers, index, components, max, &stored, stride, count, &why);
    const int size = type == 5126 ? 4 : 2;
    if (!first) *count = -1;
    if (!first || stored != type || (uintptr_t)first % (uintptr_t)size != 0 || *stride % size != 0) return NULL;
    return first;
}

#endif
