// QDEF through glm's dual quaternions (Debian libglm-dev), as an independent
// second reference. Reads "bones" then "vertices" lines from stdin (see
// skinning_numpy.py), prints one skinned position per QDEF vertex.
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/dual_quaternion.hpp>
#include <cstdio>
#include <vector>

int main() {
    int bones = 0, vertices = 0;
    if (std::scanf("%d", &bones) != 1) return 1;
    std::vector<glm::dualquat> dq(bones);
    for (int i = 0; i < bones; ++i) {
        double x, y, z, w, tx, ty, tz;
        if (std::scanf("%lf %lf %lf %lf %lf %lf %lf", &x, &y, &z, &w, &tx, &ty, &tz) != 7) return 1;
        glm::quat q(static_cast<float>(w), static_cast<float>(x), static_cast<float>(y), static_cast<float>(z));
        dq[i] = glm::dualquat(glm::normalize(q), glm::vec3(tx, ty, tz));
    }
    if (std::scanf("%d", &vertices) != 1) return 1;
    for (int v = 0; v < vertices; ++v) {
        int k[4];
        double w[4], p[3];
        if (std::scanf("%d %d %d %d %lf %lf %lf %lf %lf %lf %lf", &k[0], &k[1], &k[2], &k[3], &w[0], &w[1], &w[2], &w[3],
                       &p[0], &p[1], &p[2]) != 11) return 1;
        glm::dualquat sum = dq[k[0]] * static_cast<float>(w[0]);
        for (int i = 1; i < 4; ++i) {
            glm::dualquat d = dq[k[i]];
            if (glm::dot(sum.real, d.real) < 0.0f) d = d * -1.0f;
            sum = sum + d * static_cast<float>(w[i]);
        }
        float len = glm::length(sum.real);
        sum.real = sum.real / len;
        sum.dual = sum.dual / len;
        glm::vec3 out = sum * glm::vec3(p[0], p[1], p[2]);
        std::printf("%.9g %.9g %.9g\n", out.x, out.y, out.z);
    }
    return 0;
}
