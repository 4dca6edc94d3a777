// posemath_mmd_bullet.cc - v0.15.0 - the Bullet side of posemath_mmd_bullet.h
// (MIT license: see posemath.h). Configured as
// babylon-mmd 1.3.0's MmdBulletPhysics and its Bullet wrappers configure
// Bullet: bodies added in PMX order, then joints; kinematic bodies of mass
// 0 with an extra group bit (0x20000) and no kinematic pairs; groups and
// masks compared on their low 16 bits; additional damping, no
// deactivation, no floor; zero-size bodies without contact response;
// btGeneric6DofSpringConstraint with frame A as the linear reference, stop
// ERP 0.475 on all six axes, angular springs always on, linear ones where
// the stiffness is not 0; jointed bodies still collide.
#include "posemath_mmd_bullet.h"

#include <btBulletDynamicsCommon.h>

#include <cmath>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <cstdint>
#include <new>
#include <vector>

namespace {

const int kinematic_group = 0x20000;

btTransform to_bullet(const pm_rigid &r)
{
    return btTransform(btQuaternion(r.rotation[0], r.rotation[1], r.rotation[2], r.rotation[3]),
                       btVector3(r.translation[0], r.translation[1], r.translation[2]));
}

void from_bullet(const btTransform &t, pm_rigid &r)
{
    const btQuaternion q = t.getRotation();
    const btVector3 &p = t.getOrigin();
    r.rotation[0] = q.x(), r.rotation[1] = q.y(), r.rotation[2] = q.z(), r.rotation[3] = q.w();
    r.translation[0] = p.x(), r.translation[1] = p.y(), r.translation[2] = p.z();
}

// Bullet's group/mask test on the low 16 bits, and no pair of kinematic
// bodies. Past PM_MMD_BULLET_MAX_PAIRS pairs in the cache a new pair is refused
// and `refused` set: Bullet keeps a contact manifold per pair (about 1.5 KB),
// and a file of bodies piled on one spot (n^2 / 2 pairs) would otherwise
// have it allocate gigabytes.
struct mmd_filter : btOverlapFilterCallback {
    btOverlappingPairCache *cache = nullptr;
    mutable bool refused = false;
    bool needBroadphaseCollision(btBroadphaseProxy *a, btBroadphaseProxy *b) const override
    {
        const int ga = a->m_collisionFilterGroup, gb = b->m_collisionFilterGroup;
        if ((ga & kinematic_group) && (gb & kinematic_group)) return false;
        if ((ga & b->m_collisionFilterMask & 0xffff) == 0 || (gb & a->m_collisionFilterMask & 0xffff) == 0) return false;
        if (cache->getNumOverlappingPairs() >= PM_MMD_BULLET_MAX_PAIRS && !cache->findPair(a, b)) return refused = true, false;
        return true;
    }
};

#if defined(__SSE2__) && !defined(BT_USE_DOUBLE_PRECISION) && !defined(PM_MMD_BULLET_NO_SIMD)
// Bullet's scalar constraint row step (btSequentialImpulseConstraintSolver's
// reference, which Debian's Bullet, built without BT_USE_SSE, runs: a
// quarter of a step's time), every product and sum in the same order and so
// the same bits, each vector product one instruction instead of three. The
// same bits need this file compiled with -ffp-contract=off where FMA is
// available (-mfma, -march=native): g++ contracts products and sums into
// FMAs by default in every C++ mode, clang++ within an expression, and
// Bullet's scalar rows would then round differently from these;
// PM_MMD_BULLET_NO_SIMD leaves Bullet's own rows.
static inline float dot3(const btVector3 &a, const btVector3 &b)
{
    const __m128 p = _mm_mul_ps(_mm_loadu_ps(a.m_floats), _mm_loadu_ps(b.m_floats));
    return _mm_cvtss_f32(_mm_add_ss(_mm_add_ss(p, _mm_shuffle_ps(p, p, 1)), _mm_movehl_ps(p, p)));
}

// btSolverBody::internalApplyImpulse, the w lanes left as they are
static inline void apply_impulse(btSolverBody &body, const btVector3 &normal, const btVector3 &angular, float impulse)
{
    if (!body.m_originalBody) return;
    const __m128 xyz = _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1)), d = _mm_set1_ps(impulse);
    const __m128 linear = _mm_mul_ps(_mm_mul_ps(_mm_mul_ps(_mm_loadu_ps(normal.m_floats), _mm_loadu_ps(body.m_invMass.m_floats)), d),
                                     _mm_loadu_ps(body.m_linearFactor.m_floats));
    const __m128 turn = _mm_mul_ps(_mm_loadu_ps(angular.m_floats), _mm_mul_ps(d, _mm_loadu_ps(body.m_angularFactor.m_floats)));
    btVector3 &v = body.internalGetDeltaLinearVelocity(), &w = body.internalGetDeltaAngularVelocity();
    _mm_storeu_ps(v.m_floats, _mm_add_ps(_mm_loadu_ps(v.m_floats), _mm_and_ps(linear, xyz)));
    _mm_storeu_ps(w.m_floats, _mm_add_ps(_mm_loadu_ps(w.m_floats), _mm_and_ps(turn, xyz)));
}

template <bool upper_limit>
btScalar solve_row(btSolverBody &a, btSolverBody &b, const btSolverConstraint &c)
{
    btScalar impulse = c.m_rhs - btScalar(c.m_appliedImpulse) * c.m_cfm;
    const btScalar along_a = dot3(c.m_contactNormal1, a.internalGetDeltaLinearVelocity()) +
                             dot3(c.m_relpos1CrossNormal, a.internalGetDeltaAngularVelocity());
    const btScalar along_b = dot3(c.m_contactNormal2, b.internalGetDeltaLinearVelocity()) +
                             dot3(c.m_relpos2CrossNormal, b.internalGetDeltaAngularVelocity());
    impulse -= along_a * c.m_jacDiagABInv;
    impulse -= along_b * c.m_jacDiagABInv;
    const btScalar sum = btScalar(c.m_appliedImpulse) + impulse;
    if (sum < c.m_lowerLimit) {
        impulse = c.m_lowerLimit - c.m_appliedImpulse;
        c.m_appliedImpulse = c.m_lowerLimit;
    } else if (upper_limit && sum > c.m_upperLimit) {
        impulse = c.m_upperLimit - c.m_appliedImpulse;
        c.m_appliedImpulse = c.m_upperLimit;
    } else {
        c.m_appliedImpulse = sum;
    }
    apply_impulse(a, c.m_contactNormal1, c.m_angularComponentA, impulse);
    apply_impulse(b, c.m_contactNormal2, c.m_angularComponentB, impulse);
    return btScalar(impulse * (1. / c.m_jacDiagABInv));
}

// The solver with those rows. Its cached solver mode is the world's
// default, so that Bullet's setup does not put its own rows back.
struct mmd_solver : btSequentialImpulseConstraintSolver {
    mmd_solver()
    {
        m_cachedSolverMode = btContactSolverInfo().m_solverMode;
        m_resolveSingleConstraintRowGeneric = solve_row<true>;
        m_resolveSingleConstraintRowLowerLimit = solve_row<false>;
    }
};
#else
typedef btSequentialImpulseConstraintSolver mmd_solver;
#endif

} // namespace

struct bullet_world {
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher{&configuration};
    btDbvtBroadphase broadphase;
    mmd_solver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &configuration};
    mmd_filter filter;
    std::vector<btCollisionShape *> shapes;
    std::vector<btDefaultMotionState *> states;
    std::vector<btRigidBody *> bodies;
    std::vector<btTypedConstraint *> joints;
    std::vector<char> kinematic;     // mode 0
    std::vector<int> bone;           // the body's bone, -1 for none
    std::vector<int> parent_body;    // the first body of its bone's parent bone, -1 for none
    std::vector<char> held_on_place; // dynamic and attached to a bone
    std::vector<char> held_steps;    // 1: held through the coming step; 2: held through the last one
    std::vector<char> switched_off;  // dynamic, held kinematic by its bone's physics switch
    std::vector<char> method;        // per drive: how a switched-off body follows (0 not yet known, 1 kinematic, 2 pulled)
    ~bullet_world()
    {
        for (btTypedConstraint *j : joints) world.removeConstraint(j), delete j;
        for (btRigidBody *b : bodies) world.removeRigidBody(b), delete b;
        for (btDefaultMotionState *s : states) delete s;
        for (btCollisionShape *s : shapes) delete s;
    }
};

// Everything Bullet is fed, in the order babylon-mmd adds it. Each object
// is owned by w as soon as it exists (the vectors' room is reserved first),
// so that w's destructor frees what an out-of-memory exception left.
static void build(bullet_world *w, const pm_mmd_physics *physics, float gravity)
{
    const size_t body_count = static_cast<size_t>(physics->body_count);
    w->shapes.reserve(body_count), w->states.reserve(body_count), w->bodies.reserve(body_count);
    w->joints.reserve(static_cast<size_t>(physics->joint_count));
    w->world.setGravity(btVector3(0, gravity, 0));
    w->filter.cache = w->world.getPairCache();
    w->world.getPairCache()->setOverlapFilterCallback(&w->filter);
    for (int i = 0; i < physics->body_count; ++i) {
        const pm_mmd_rigid_body &b = physics->bodies[i];
        const pm_mmd_body_setup &s = physics->body_setup[i];
        const bool kinematic = s.mode == PM_MMD_FOLLOW_BONE;
        btCollisionShape *shape;
        if (b.shape == PM_MMD_SPHERE) shape = new btSphereShape(b.size[0]);
        else if (b.shape == PM_MMD_BOX) shape = new btBoxShape(btVector3(b.size[0], b.size[1], b.size[2]));
        else shape = new btCapsuleShape(b.size[0], b.size[1]);
        w->shapes.push_back(shape);
        const btScalar mass = kinematic ? 0.0f : b.mass;
        btVector3 inertia(0, 0, 0);
        if (mass != 0.0f) shape->calculateLocalInertia(mass, inertia);
        btDefaultMotionState *state = new btDefaultMotionState(to_bullet(s.rest));
        w->states.push_back(state);
        btRigidBody::btRigidBodyConstructionInfo info(mass, state, shape, inertia);
        info.m_linearDamping = b.linear_damping;
        info.m_angularDamping = b.angular_damping;
        info.m_restitution = b.restitution;
        info.m_friction = b.friction;
        info.m_additionalDamping = true;
        btRigidBody *body = new btRigidBody(info);
        body->setActivationState(DISABLE_DEACTIVATION);
        if (kinematic) body->setCollisionFlags(body->getCollisionFlags() | btCollisionObject::CF_KINEMATIC_OBJECT);
        if (s.zero_volume) body->setCollisionFlags(body->getCollisionFlags() | btCollisionObject::CF_NO_CONTACT_RESPONSE);
        const int group = static_cast<int>(s.group_bits) | (kinematic ? kinematic_group : 0);
        const int mask = static_cast<int>(static_cast<int16_t>(static_cast<uint16_t>(b.mask))); // read as signed, as babylon-mmd
        w->world.addRigidBody(body, group, mask);
        w->bodies.push_back(body);
        w->kinematic.push_back(kinematic);
        w->held_on_place.push_back(!kinematic && b.bone >= 0);
        w->held_steps.push_back(0);
        w->switched_off.push_back(0);
        w->method.push_back(0);
        w->bone.push_back(b.bone);
    }
    std::vector<int> first_body(static_cast<size_t>(physics->skeleton->bone_count), -1); // a bone's first body stands for them
    for (int i = physics->body_count - 1; i >= 0; --i)
        if (physics->bodies[i].bone >= 0) first_body[static_cast<size_t>(physics->bodies[i].bone)] = i;
    for (int i = 0; i < physics->body_count; ++i) {
        const int bone = physics->bodies[i].bone, parent = bone >= 0 ? physics->skeleton->bones[bone].parent : -1;
        w->parent_body.push_back(parent >= 0 ? first_body[static_cast<size_t>(parent)] : -1);
    }
    for (int i = 0; i < physics->joint_count; ++i) {
        const pm_mmd_joint &j = physics->joints[i];
        const pm_mmd_joint_setup &s = physics->joint_setup[i];
        btGeneric6DofSpringConstraint *c =
            new btGeneric6DofSpringConstraint(*w->bodies[static_cast<size_t>(j.body_a)], *w->bodies[static_cast<size_t>(j.body_b)],
                                              to_bullet(s.frame_a), to_bullet(s.frame_b), true);
        w->joints.push_back(c);
        c->setLinearLowerLimit(btVector3(j.linear_lower[0], j.linear_lower[1], j.linear_lower[2]));
        c->setLinearUpperLimit(btVector3(j.linear_upper[0], j.linear_upper[1], j.linear_upper[2]));
        c->setAngularLowerLimit(btVector3(j.angular_lower[0], j.angular_lower[1], j.angular_lower[2]));
        c->setAngularUpperLimit(btVector3(j.angular_upper[0], j.angular_upper[1], j.angular_upper[2]));
        for (int axis = 0; axis < 6; ++axis) {
            const bool on = (s.springs >> axis) & 1u;
            c->setParam(BT_CONSTRAINT_STOP_ERP, 0.475f, axis);
            if (on) c->setStiffness(axis, axis < 3 ? j.linear_stiffness[axis] : j.angular_stiffness[axis - 3]);
            c->enableSpring(axis, on);
        }
        w->world.addConstraint(c, false);
    }
}

static bullet_world *create_world(const pm_mmd_physics *physics, float gravity)
{
    bullet_world *w = new (std::nothrow) bullet_world;
    if (!w) return nullptr;
    try {
        build(w, physics, gravity);
    } catch (const std::bad_alloc &) {
        delete w;
        return nullptr;
    }
    return w;
}

// A dynamic body is kinematic while held after a placement (babylon-mmd's
// temporal kinematic state) or switched off by its bone's physics switch;
// turning dynamic again it starts still.
static void update_kinematic(bullet_world *w, size_t i)
{
    btRigidBody *b = w->bodies[i];
    btBroadphaseProxy *proxy = b->getBroadphaseHandle();
    const bool kinematic = w->held_steps[i] != 0 || w->switched_off[i];
    if (kinematic == ((b->getCollisionFlags() & btCollisionObject::CF_KINEMATIC_OBJECT) != 0)) return;
    if (kinematic) {
        b->setCollisionFlags(b->getCollisionFlags() | btCollisionObject::CF_KINEMATIC_OBJECT);
        proxy->m_collisionFilterGroup |= kinematic_group;
    } else {
        b->setLinearVelocity(btVector3(0, 0, 0));
        b->setAngularVelocity(btVector3(0, 0, 0));
        b->setCollisionFlags(b->getCollisionFlags() & ~btCollisionObject::CF_KINEMATIC_OBJECT);
        proxy->m_collisionFilterGroup &= ~kinematic_group;
    }
    w->world.getPairCache()->cleanProxyFromPairs(proxy, &w->dispatcher);
    w->world.refreshBroadphaseProxy(b);
}

// babylon-mmd's physics initialization: a placed dynamic body stays where it
// was put, as a kinematic body, through the next step, and turns dynamic
// again, still, at the start of the step after (so the bones read the
// placement until then: Bullet's motion states lag a step behind).
static void place_bodies(bullet_world *w, const pm_rigid *bodies)
{
    for (size_t i = 0; i < w->bodies.size(); ++i) {
        if (!w->kinematic[i] && !w->held_on_place[i]) continue; // attached to none: left where it is
        w->states[i]->setWorldTransform(to_bullet(bodies[i]));
        if (w->held_on_place[i]) w->held_steps[i] = 1, update_kinematic(w, i);
    }
}

static bool finite(const btVector3 &v) { return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z()); }

static int recover_bodies(bullet_world *w, const pm_rigid *targets)
{
    int lost = 0;
    for (size_t i = 0; i < w->bodies.size(); ++i) {
        btRigidBody *b = w->bodies[i];
        const btTransform &shown = w->states[i]->m_graphicsWorldTrans, &t = b->getWorldTransform();
        if (finite(shown.getOrigin()) && finite(shown.getBasis()[0]) && finite(shown.getBasis()[1]) &&
            finite(shown.getBasis()[2]) && finite(t.getOrigin()) && finite(t.getBasis()[0]) && finite(t.getBasis()[1]) &&
            finite(t.getBasis()[2]) && finite(b->getLinearVelocity()) && finite(b->getAngularVelocity()))
            continue;
        ++lost;
        b->setWorldTransform(to_bullet(targets[i]));
        b->setInterpolationWorldTransform(to_bullet(targets[i]));
        w->states[i]->setWorldTransform(to_bullet(targets[i]));
        b->setLinearVelocity(btVector3(0, 0, 0)), b->setAngularVelocity(btVector3(0, 0, 0));
        b->setInterpolationLinearVelocity(btVector3(0, 0, 0)), b->setInterpolationAngularVelocity(btVector3(0, 0, 0));
        b->clearForces();
        // its contacts hold the non-finite points: dropped, found again by the next step
        w->world.getPairCache()->cleanProxyFromPairs(b->getBroadphaseHandle(), &w->dispatcher);
        if (!w->kinematic[i]) w->held_steps[i] = 1, update_kinematic(w, i);
    }
    return lost;
}

// babylon-mmd's Euler angles of a rotation, in doubles as it computes them
// (its Quaternion.toEulerAngles: R = Ry Rx Rz, x within [-pi/2, pi/2])
static void euler_angles(const double q[4], double angles[3])
{
    const double x = q[0], y = q[1], z = q[2], w = q[3], z_axis_y = y * z - x * w;
    if (z_axis_y < -0.4999999 || z_axis_y > 0.4999999) {
        angles[0] = z_axis_y < 0 ? M_PI / 2 : -M_PI / 2, angles[1] = 2 * std::atan2(y, w), angles[2] = 0;
        return;
    }
    angles[0] = std::asin(-2 * z_axis_y);
    angles[1] = std::atan2(2 * (z * x + y * w), z * z - x * x - y * y + w * w);
    angles[2] = std::atan2(2 * (x * y + z * w), -z * z - x * x + y * y + w * w);
}

// A motion state's rotation as babylon-mmd reads it: its matrix in doubles,
// each basis vector normalized, then the quaternion (trace first)
static void rotation_of(const btTransform &t, double q[4])
{
    double m[3][3];
    for (int c = 0; c < 3; ++c) {
        const btVector3 axis = t.getBasis().getColumn(c);
        const double length = std::sqrt(double(axis.x()) * axis.x() + double(axis.y()) * axis.y() + double(axis.z()) * axis.z());
        for (int r = 0; r < 3; ++r) m[r][c] = double(axis[r]) / length;
    }
    const double trace = m[0][0] + m[1][1] + m[2][2];
    if (trace > 0) {
        const double s = 0.5 / std::sqrt(trace + 1);
        q[3] = 0.25 / s, q[0] = (m[2][1] - m[1][2]) * s, q[1] = (m[0][2] - m[2][0]) * s, q[2] = (m[1][0] - m[0][1]) * s;
    } else if (m[0][0] > m[1][1] && m[0][0] > m[2][2]) {
        const double s = 2 * std::sqrt(1 + m[0][0] - m[1][1] - m[2][2]);
        q[3] = (m[2][1] - m[1][2]) / s, q[0] = 0.25 * s, q[1] = (m[0][1] + m[1][0]) / s, q[2] = (m[0][2] + m[2][0]) / s;
    } else if (m[1][1] > m[2][2]) {
        const double s = 2 * std::sqrt(1 + m[1][1] - m[0][0] - m[2][2]);
        q[3] = (m[0][2] - m[2][0]) / s, q[0] = (m[0][1] + m[1][0]) / s, q[1] = 0.25 * s, q[2] = (m[1][2] + m[2][1]) / s;
    } else {
        const double s = 2 * std::sqrt(1 + m[2][2] - m[0][0] - m[1][1]);
        q[3] = (m[1][0] - m[0][1]) / s, q[0] = (m[0][2] + m[2][0]) / s, q[1] = (m[1][2] + m[2][1]) / s, q[2] = 0.25 * s;
    }
}

// How a switched-off body follows its bone, as babylon-mmd decides: pulled
// toward it by velocities when the nearest switched-on body up its bones is
// dynamic (so its joint to that body does not fight a kinematic one), else
// moved there as a kinematic body. The switched-off bodies passed on the way
// follow the same way: they are marked too, so that a frame's walks stay
// linear in the number of bodies.
static char follow_method(bullet_world *w, const unsigned char *bone_on, size_t i)
{
    char method = 0;
    for (size_t body = i; !method;) {
        const int parent = w->parent_body[body];
        if (parent < 0 || w->kinematic[static_cast<size_t>(parent)]) method = 1;
        else if (bone_on[w->bone[static_cast<size_t>(parent)]]) method = 2;
        else if (w->method[static_cast<size_t>(parent)]) method = w->method[static_cast<size_t>(parent)];
        else body = static_cast<size_t>(parent);
    }
    for (size_t body = i;; body = static_cast<size_t>(w->parent_body[body])) {
        const int parent = w->parent_body[body];
        w->method[body] = method;
        if (parent < 0 || w->kinematic[static_cast<size_t>(parent)] || bone_on[w->bone[static_cast<size_t>(parent)]] ||
            w->method[static_cast<size_t>(parent)])
            return method;
    }
}

static void drive_bodies(bullet_world *w, const pm_rigid *bodies, const unsigned char *bone_on)
{
    for (size_t i = 0; i < w->bodies.size(); ++i) w->method[i] = 0;
    for (size_t i = 0; i < w->bodies.size(); ++i) {
        const bool off = bone_on && !w->kinematic[i] && w->bone[i] >= 0 && !bone_on[w->bone[i]];
        if (w->kinematic[i]) {
            w->states[i]->setWorldTransform(to_bullet(bodies[i]));
        } else if (!off) {
            if (w->switched_off[i]) w->switched_off[i] = 0, update_kinematic(w, i);
        } else if ((w->method[i] = follow_method(w, bone_on, i)) == 1) {
            w->switched_off[i] = 1, update_kinematic(w, i);
            w->states[i]->setWorldTransform(to_bullet(bodies[i]));
        } else { // pulled: 30 times the distance as the velocity, the Euler angles' difference (wrapped) as the turn
            btTransform now;
            double target_rotation[4], now_rotation[4], to[3], from[3];
            w->states[i]->getWorldTransform(now);
            if (w->switched_off[i]) w->switched_off[i] = 0, update_kinematic(w, i);
            for (int k = 0; k < 4; ++k) target_rotation[k] = bodies[i].rotation[k];
            rotation_of(now, now_rotation);
            euler_angles(target_rotation, to), euler_angles(now_rotation, from);
            btVector3 velocity, turn;
            for (int k = 0; k < 3; ++k) {
                velocity[k] = btScalar(30 * (double(bodies[i].translation[k]) - double(now.getOrigin()[k])));
                turn[k] = btScalar(30 * (std::fmod(to[k] - from[k] + M_PI, 2 * M_PI) - M_PI));
            }
            w->bodies[i]->setLinearVelocity(velocity);
            w->bodies[i]->setAngularVelocity(turn);
        }
    }
}

static int step_world(bullet_world *w, double seconds, int max_substeps, double substep)
{
    for (size_t i = 0; i < w->bodies.size(); ++i) {
        if (w->held_steps[i] == 2) w->held_steps[i] = 0, update_kinematic(w, i);
        else if (w->held_steps[i] == 1) w->held_steps[i] = 2;
    }
    w->world.stepSimulation(static_cast<btScalar>(seconds), max_substeps, static_cast<btScalar>(substep));
    return !w->filter.refused;
}

static void read_bodies(const bullet_world *w, pm_rigid *bodies)
{
    // the motion state's transform as Bullet last set it: its center-of-mass
    // offset is the identity, which getWorldTransform would invert and
    // multiply by for each body
    for (size_t i = 0; i < w->bodies.size(); ++i) from_bullet(w->states[i]->m_graphicsWorldTrans, bodies[i]);
}

static bullet_world *world_of(void *world) { return static_cast<bullet_world *>(world); }

extern "C" pm_result pm_mmd_bullet_create(const pm_mmd_physics *physics, float gravity, pm_mmd_physics_engine *engine)
{
    if (!engine) return PM_ERROR_INVALID_ARGUMENT;
    *engine = pm_mmd_physics_engine();
    if (!physics || !physics->skeleton || physics->body_count < 0 || physics->joint_count < 0 ||
        (physics->body_count > 0 && (!physics->bodies || !physics->body_setup)) ||
        (physics->joint_count > 0 && (!physics->joints || !physics->joint_setup)) || !std::isfinite(gravity))
        return PM_ERROR_INVALID_ARGUMENT;
    bullet_world *w = create_world(physics, gravity);
    if (!w) return PM_ERROR_OUT_OF_MEMORY;
    engine->world = w;
    engine->place = [](void *world, const pm_rigid *bodies) { place_bodies(world_of(world), bodies); };
    engine->drive = [](void *world, const pm_rigid *bodies, const unsigned char *bone_on) {
        drive_bodies(world_of(world), bodies, bone_on);
    };
    engine->step = [](void *world, double seconds, int max_substeps, double substep) {
        return step_world(world_of(world), seconds, max_substeps, substep);
    };
    engine->read = [](void *world, pm_rigid *bodies) { read_bodies(world_of(world), bodies); };
    engine->recover = [](void *world, const pm_rigid *targets) { return recover_bodies(world_of(world), targets); };
    engine->destroy = [](void *world) { delete world_of(world); };
    return PM_OK;
}
