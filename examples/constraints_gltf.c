/* constraints_gltf: loads a glTF file, reads every node's VRMC_node_constraint
   with pm_constraint_parse_json, turns each source node, applies the
   constraints and prints the destinations' rotations.

   usage: constraints_gltf FILE.gltf
          constraints_gltf --demo FILE.gltf   writes a small arm rig (twist
                                              bone, sleeve, sub-arm) first

   The motion: at frame f (0..5) every node that is a source turns from its
   rest rotation by 0.6 f rad about the axis (0.3, 1, 0.2), in its parent's
   frame. Any JSON reader works; this one uses cJSON (Debian libcjson-dev).
   posemath only needs each node's extension object as text. */
#include "../posemath.h"

#include "gltf_json.h"
#include "output.h"

enum { MAX_NODES = 1024, FRAMES = 6 };

static const char demo_gltf[] =
    "{\"asset\":{\"version\":\"2.0\",\"generator\":\"posemath constraints_gltf\"},\n"
    " \"extensionsUsed\":[\"VRMC_node_constraint\"],\n"
    " \"scene\":0,\"scenes\":[{\"nodes\":[0,5]}],\n"
    " \"nodes\":[\n"
    "  {\"name\":\"UpperArm\",\"children\":[1,4]},\n"
    "  {\"name\":\"LowerArm\",\"translation\":[0.3,0,0],\"children\":[2,3]},\n"
    "  {\"name\":\"Hand\",\"translation\":[0.25,0,0]},\n"
    "  {\"name\":\"ForearmTwist\",\"translation\":[0.15,0,0],\n"
    "   \"extensions\":{\"VRMC_node_constraint\":{\"specVersion\":\"1.0\",\n"
    "    \"constraint\":{\"roll\":{\"source\":2,\"rollAxis\":\"X\",\"weight\":0.5}}}}},\n"
    "  {\"name\":\"Sleeve\",\"translation\":[0.1,0.05,0],\n"
    "   \"extensions\":{\"VRMC_node_constraint\":{\"specVersion\":\"1.0\",\n"
    "    \"constraint\":{\"aim\":{\"source\":2,\"aimAxis\":\"PositiveX\"}}}}},\n"
    "  {\"name\":\"SubArm\",\"translation\":[0,-0.1,0.1],\"rotation\":[0,0,0.3826834,0.9238795],\n"
    "   \"extensions\":{\"VRMC_node_constraint\":{\"specVersion\":\"1.0\",\n"
    "    \"constraint\":{\"rotation\":{\"source\":1,\"weight\":0.7}}}}}\n"
    " ]}\n";

static const char *node_name(const cJSON *nodes, int index)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(nodes, index), "name");
    return cJSON_IsString(name) ? name->valuestring : "";
}

int main(int argc, char **argv)
{
    static int parent[MAX_NODES];
    static pm_transform rest[MAX_NODES], pose[MAX_NODES];
    static pm_constraint constraints[MAX_NODES];
    static pm_constraint_rest rests[MAX_NODES];
    static int order[MAX_NODES], is_source[MAX_NODES];
    static const char *const type_names[3] = {"roll", "aim", "rotation"};
    static const char *const axis_names[6] = {"+X", "-X", "+Y", "-Y", "+Z", "-Z"};
    const char *path = argc == 3 && strcmp(argv[1], "--demo") == 0 ? argv[2] : argc == 2 ? argv[1] : NULL;
    pm_constraint_set set;
    cJSON *gltf, *nodes;
    char *text;
    size_t size;
    int node_count, count = 0, i, f;
    pm_result result;

    if (!path) {
        fprintf(stderr, "usage: constraints_gltf [--demo] FILE.gltf\n");
        return 2;
    }
    if (argc == 3) {
        FILE *out = fopen(path, "wb");
        int written = out && fwrite(demo_gltf, 1, sizeof demo_gltf - 1, out) == sizeof demo_gltf - 1;
        if (out) written &= fclose(out) == 0; /* where a full disk shows */
        if (!written) {
            fprintf(stderr, "constraints_gltf: cannot write %s\n", path);
            return 1;
        }
    }
    if (!(text = (char *)read_file(path, &size))) {
        fprintf(stderr, "constraints_gltf: cannot read %s\n", path);
        return 1;
    }
    gltf = cJSON_Parse(text);
    free(text);
    nodes = cJSON_GetObjectItemCaseSensitive(gltf, "nodes");
    if (!cJSON_IsArray(nodes) || (node_count = read_scene(nodes, parent, rest, MAX_NODES)) < 0) {
        fprintf(stderr, "constraints_gltf: %s: no nodes, or more than %d\n", path, MAX_NODES);
        cJSON_Delete(gltf);
        return 1;
    }

    /* The constraints, one per node that has the extension. */
    for (i = 0; i < node_count; ++i) {
        const cJSON *node = cJSON_GetArrayItem(nodes, i), *extension;
        extension = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(node, "extensions"),
                                                     "VRMC_node_constraint");
        if (extension) {
            char *json = cJSON_PrintUnformatted(extension);
            pm_parse_error error;
            result = pm_constraint_parse_json(json, strlen(json), i, &constraints[count], &error);
            if (result != PM_OK) {
                /* the offset is into the extension's text as cJSON prints it back */
                fprintf(stderr, "constraints_gltf: node %d: VRMC_node_constraint: %s\n", i,
                        error.message ? error.message : pm_result_string(result));
                if (error.message)
                    fprintf(stderr, "  at byte %d of %s\n", (int)error.offset, json);
                free(json);
                cJSON_Delete(gltf);
                return 1;
            }
            free(json);
            if (constraints[count].source < node_count) is_source[constraints[count].source] = 1;
            ++count;
        }
    }
    set.constraints = constraints;
    set.count = count;
    set.parent = parent;
    set.node_count = node_count;
    set.rest = rests;
    set.order = order;
    if ((result = pm_constraint_set_init(&set, rest)) != PM_OK) {
        fprintf(stderr, "constraints_gltf: %s: %s", path, pm_result_string(result));
        if (result == PM_ERROR_CYCLE && count > 0 && order[0] >= 0) { /* the circle's constraints, by destination */
            fprintf(stderr, " among the constraints of");
            for (i = 0; i < count && order[i] >= 0; ++i)
                fprintf(stderr, " %d (%s)", constraints[order[i]].destination,
                        node_name(nodes, constraints[order[i]].destination));
        }
        fprintf(stderr, "\n");
        cJSON_Delete(gltf);
        return 1;
    }
    printf("%s: %d nodes, %d constraints; evaluation order:", path, node_count, count);
    for (i = 0; i < count; ++i) printf(" %s", node_name(nodes, constraints[order[i]].destination));
    printf("\n");

    for (f = 0; f < FRAMES; ++f) {
        vec3 axis = {0.3f, 1.0f, 0.2f};
        versor turn;
        glm_vec3_normalize(axis);
        glm_quatv(turn, 0.6f * (float)f, axis);
        memcpy(pose, rest, (size_t)node_count * sizeof pose[0]);
        for (i = 0; i < node_count; ++i) {
            versor r, turned; /* cglm's glm_quat_mul must not write into an input */
            if (!is_source[i]) continue;
            memcpy(r, rest[i].rotation, sizeof r);
            glm_quat_mul(turn, r, turned);
            memcpy(pose[i].rotation, turned, sizeof r);
        }
        if ((result = pm_constraint_set_apply(&set, pose)) != PM_OK) {
            fprintf(stderr, "constraints_gltf: frame %d: %s\n", f, pm_result_string(result));
            cJSON_Delete(gltf);
            return 1;
        }
        printf("frame %d (sources turned %.1f degrees)\n", f, (double)(0.6f * (float)f) * 180.0 / GLM_PI);
        for (i = 0; i < count; ++i) {
            const pm_constraint *c = &constraints[i];
            const float *q = pose[c->destination].rotation;
            vec3 euler;
            pm_quat_to_euler_deg(q, PM_EULER_XYZ, PM_ROTATION_POINT, euler);
            printf("  %-12s %-8s %-2s of %-10s w %.2f  q %9.6f %9.6f %9.6f %9.6f  xyz %7.2f %7.2f %7.2f\n",
                   node_name(nodes, c->destination), type_names[c->type],
                   c->type == PM_CONSTRAINT_ROTATION ? "" : axis_names[c->axis], node_name(nodes, c->source),
                   (double)c->weight, (double)q[0], (double)q[1], (double)q[2], (double)q[3],
                   (double)euler[0], (double)euler[1], (double)euler[2]);
        }
    }
    cJSON_Delete(gltf);
    return output_close("constraints_gltf", 0);
}
