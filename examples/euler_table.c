/* euler_table: a few rotations written out in every Euler sequence (the six
   Tait-Bryan orders, then the six proper ones), as POINT (intrinsic) and
   FRAME (extrinsic) angles in degrees; each row is turned back into a
   quaternion to show that it reproduces the rotation.

   usage: euler_table [ORDER]     ORDER like ZXY limits the table to one order */
#include "../posemath.h"
#include "output.h"

#include <stdio.h>

typedef struct example {
    const char *what;
    pm_euler_order order; /* how the rotation is made */
    pm_rotation_type type;
    float degrees[3];     /* by axis: x, y, z */
} example;

static const example examples[] = {
    {"45 degrees about Y", PM_EULER_XYZ, PM_ROTATION_POINT, {0.0f, 45.0f, 0.0f}},
    {"Unity eulerAngles (0, 45, 45): FRAME ZXY", PM_EULER_ZXY, PM_ROTATION_FRAME, {0.0f, 45.0f, 45.0f}},
    {"three.js Euler(30, 60, -20, 'XYZ'): POINT XYZ", PM_EULER_XYZ, PM_ROTATION_POINT, {30.0f, 60.0f, -20.0f}},
    {"gimbal lock: 90 about X in ZXY, with 40 about Y and 25 about Z", PM_EULER_ZXY, PM_ROTATION_POINT,
     {90.0f, 40.0f, 25.0f}},
};

/* Largest component difference between a and +-b. */
static float quat_distance(const versor a, const versor b)
{
    float plus = 0.0f, minus = 0.0f;
    int i;
    for (i = 0; i < 4; ++i) {
        plus = glm_max(plus, fabsf(a[i] - b[i]));
        minus = glm_max(minus, fabsf(a[i] + b[i]));
    }
    return glm_min(plus, minus);
}

/* One order's row: POINT and FRAME angles in degrees, and how closely each
   reproduces q. */
static int print_row(pm_euler_order order, const versor q)
{
    vec3 point, frame;
    versor back_point, back_frame;
    if (pm_quat_to_euler_deg(q, order, PM_ROTATION_POINT, point) != PM_OK ||
        pm_quat_to_euler_deg(q, order, PM_ROTATION_FRAME, frame) != PM_OK ||
        pm_euler_deg_to_quat(point, order, PM_ROTATION_POINT, back_point) != PM_OK ||
        pm_euler_deg_to_quat(frame, order, PM_ROTATION_FRAME, back_frame) != PM_OK)
        return 0;
    printf("  %s   (%8.3f %8.3f %8.3f)   (%8.3f %8.3f %8.3f)   %.1e\n", pm_euler_order_name(order), point[0],
           point[1], point[2], frame[0], frame[1], frame[2],
           glm_max(quat_distance(q, back_point), quat_distance(q, back_frame)));
    return 1;
}

int main(int argc, char **argv)
{
    pm_euler_order only = PM_EULER_XYZ;
    size_t i;
    int o;
    if (argc > 1 && pm_euler_order_parse(argv[1], &only) != PM_OK) {
        fprintf(stderr, "euler_table: unknown order \"%s\" (XYZ, XZY, YXZ, YZX, ZXY, ZYX, XYX, ..., ZYZ)\n",
                argv[1]);
        return 2;
    }
    printf("Each rotation in every order. Tait-Bryan angles are in degrees BY AXIS (x y z)\n"
           "whatever the order; proper Euler angles in sequence order. The last column is\n"
           "the largest quaternion component error after converting back.\n");
    for (i = 0; i < sizeof examples / sizeof examples[0]; ++i) {
        const example *ex = &examples[i];
        versor q;
        if (pm_euler_deg_to_quat(ex->degrees, ex->order, ex->type, q) != PM_OK) return 1;
        printf("\n%s\n  quaternion (x y z w) = (%.6f %.6f %.6f %.6f)\n", ex->what, q[0], q[1], q[2], q[3]);
        printf("  order  POINT (intrinsic) x y z         FRAME (extrinsic) x y z         error\n");
        for (o = 0; o < PM_EULER_ORDER_COUNT; ++o) {
            if (argc > 1 && o != (int)only) continue;
            if (!print_row((pm_euler_order)o, q)) return 1;
        }
    }
    return output_close("euler_table", 0);
}
