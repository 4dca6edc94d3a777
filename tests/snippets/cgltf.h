/* The part of cgltf's API (github.com/jkuhlmann/cgltf, cgltf.h 1.13) that
   the docs' snippets use, declared so that check_snippets.sh can compile
   them where cgltf is not installed. Declarations only: nothing links
   against it. */
#ifndef CGLTF_H_INCLUDED__
#define CGLTF_H_INCLUDED__

#include <stddef.h>

typedef size_t cgltf_size;
typedef float cgltf_float;
typedef int cgltf_bool;

typedef enum cgltf_result { cgltf_result_success } cgltf_result;

typedef struct cgltf_options { int type; cgltf_size json_token_count; } cgltf_options;

typedef struct cgltf_extension { char *name; char *data; } cgltf_extension;

typedef struct cgltf_node cgltf_node;
struct cgltf_node {
    char *name;
    cgltf_node *parent;
    cgltf_node **children;
    cgltf_size children_count;
    cgltf_bool has_translation, has_rotation, has_scale;
    cgltf_float translation[3], rotation[4], scale[3];
    cgltf_size extensions_count;
    cgltf_extension *extensions;
};

typedef struct cgltf_data { cgltf_node *nodes; cgltf_size nodes_count; } cgltf_data;

cgltf_result cgltf_parse_file(const cgltf_options *options, const char *path, cgltf_data **out_data);
cgltf_result cgltf_load_buffers(const cgltf_options *options, cgltf_data *data, const char *gltf_path);
cgltf_size cgltf_node_index(const cgltf_data *data, const cgltf_node *object);
void cgltf_free(cgltf_data *data);

#endif
