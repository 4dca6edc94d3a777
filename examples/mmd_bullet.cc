// mmd_bullet.cc: the Bullet side of examples/mmd_bullet.h. Configured as
// babylon-mmd 1.3.0's MmdBulletPhysics and its Bullet wrappers configure
// Bullet: bodies added in PMX order, then joints; kinematic bodies of mass
// 0 with an extra group bit (0x20000) and no kinematic pairs; groups and
// masks compared on their low 16 bits; additional damping, no
// deactivation, no floor; zero-size bodies without contact response;
// btGeneric6DofSpringConstraint with frame A as the linear reference, stop
// ERP 0.475 on all six axes, angular springs always on, linear ones where
// the stiffness is not 0; jointed bodies still collide.
#include "mmd_bullet.h"

#include <btBulletDynamicsCommon.h>

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

// Bullet's group/mask test on the low 16 bits, and no pair of kinematic bodies
struct mmd_filter : btOverlapFilterCallback {
    bool needBroadphaseCollision(btBroadphaseProxy *a, btBroadphaseProxy *b) const override
    {
        const int ga = a->m_collisionFilterGroup, gb = b->m_collisionFilterGroup;
        if ((ga & kinematic_group) && (gb & kinematic_group)) return false;
        return (ga & b->m_collisionFilterMask & 0xffff) != 0 && (gb & a->m_collisionFilterMask & 0xffff) != 0;
    }
};

} // namespace

struct mmd_bullet {
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher{&configuration};
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &configuration};
    mmd_filter filter;
    std::vector<btCollisionShape *> shapes;
    std::vector<btDefaultMotionState *> states;
    std::vector<btRigidBody *> bodies;
    std::vector<btTypedConstraint *> joints;
    std::vector<char> kinematic;
    std::vector<char> held_on_place; // dynamic and attached to a bone
    std::vector<char> held_steps;    // 1: held through the coming step; 2: held through the last one
    ~mmd_bullet()
    {
        for (btTypedConstraint *j : joints) world.removeConstraint(j), delete j;
        for (btRigidBody *b : bodies) world.removeRigidBody(b), delete b;
        for (btDefaultMotionState *s : states) delete s;
        for (btCollisionShape *s : shapes) delete s;
    }
};

extern "C" mmd_bullet *mmd_bullet_create(const pm_mmd_physics *physics, float gravity)
{
    mmd_bullet *w = new (std::nothrow) mmd_bullet;
    if (!w) return nullptr;
    w->world.setGravity(btVector3(0, gravity, 0));
    w->world.getPairCache()->setOverlapFilterCallback(&w->filter);
    for (int i = 0; i < physics->body_count; ++i) {
        const pm_mmd_rigid_body &b = physics->bodies[i];
        const pm_mmd_body_setup &s = physics->body_setup[i];
        const bool kinematic = s.mode == PM_MMD_FOLLOW_BONE;
        btCollisionShape *shape;
        if (b.shape == PM_MMD_SPHERE) shape = new btSphereShape(b.size[0]);
        else if (b.shape == PM_MMD_BOX) shape = new btBoxShape(btVector3(b.size[0], b.size[1], b.size[2]));
        else shape = new btCapsuleShape(b.size[0], b.size[1]);
        const btScalar mass = kinematic ? 0.0f : b.mass;
        btVector3 inertia(0, 0, 0);
        if (mass != 0.0f) shape->calculateLocalInertia(mass, inertia);
        btDefaultMotionState *state = new btDefaultMotionState(to_bullet(s.rest));
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
        w->shapes.push_back(shape), w->states.push_back(state), w->bodies.push_back(body);
        w->kinematic.push_back(kinematic);
        w->held_on_place.push_back(!kinematic && b.bone >= 0);
        w->held_steps.push_back(0);
    }
    for (int i = 0; i < physics->joint_count; ++i) {
        const pm_mmd_joint &j = physics->joints[i];
        const pm_mmd_joint_setup &s = physics->joint_setup[i];
        btGeneric6DofSpringConstraint *c =
            new btGeneric6DofSpringConstraint(*w->bodies[j.body_a], *w->bodies[j.body_b], to_bullet(s.frame_a),
                                              to_bullet(s.frame_b), true);
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
        w->joints.push_back(c);
    }
    return w;
}

extern "C" void mmd_bullet_free(mmd_bullet *world) { delete world; }

// babylon-mmd's temporal kinematic state: a placed dynamic body stays where
// it was put, as a kinematic body, through the next step, and turns dynamic
// again, still, at the start of the step after (so the bones read the
// placement until then: Bullet's motion states lag a step behind).
static void set_held(mmd_bullet *w, size_t i, bool held)
{
    btRigidBody *b = w->bodies[i];
    btBroadphaseProxy *proxy = b->getBroadphaseHandle();
    if (held) {
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

extern "C" void mmd_bullet_place(mmd_bullet *w, const pm_rigid *bodies)
{
    for (size_t i = 0; i < w->bodies.size(); ++i) {
        if (!w->kinematic[i] && !w->held_on_place[i]) continue; // attached to none: left where it is
        w->states[i]->setWorldTransform(to_bullet(bodies[i]));
        if (w->held_on_place[i] && w->held_steps[i] == 0) set_held(w, i, true);
        if (w->held_on_place[i]) w->held_steps[i] = 1;
    }
}

extern "C" void mmd_bullet_drive(mmd_bullet *w, const pm_rigid *bodies)
{
    for (size_t i = 0; i < w->bodies.size(); ++i)
        if (w->kinematic[i]) w->states[i]->setWorldTransform(to_bullet(bodies[i]));
}

extern "C" void mmd_bullet_step(mmd_bullet *w, double seconds, int max_substeps, double substep)
{
    for (size_t i = 0; i < w->bodies.size(); ++i) {
        if (w->held_steps[i] == 2) set_held(w, i, false), w->held_steps[i] = 0;
        else if (w->held_steps[i] == 1) w->held_steps[i] = 2;
    }
    w->world.stepSimulation(static_cast<btScalar>(seconds), max_substeps, static_cast<btScalar>(substep));
}

extern "C" void mmd_bullet_read(const mmd_bullet *w, pm_rigid *bodies)
{
    for (size_t i = 0; i < w->bodies.size(); ++i) {
        btTransform t;
        w->states[i]->getWorldTransform(t);
        from_bullet(t, bodies[i]);
    }
}
