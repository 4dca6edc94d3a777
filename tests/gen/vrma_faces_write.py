"""A VRM animation with every kind of track VRMC_vrm_animation 1.0 defines,
for examples/vrm_play against three-vrm (tests/gen/vrm_play_threevrm.mjs):
humanoid rotations LINEAR and STEP and the hips translation, expression
tracks LINEAR and STEP (weights across 0.5 for binary expressions, past 1
and below 0 for the clamp), a custom expression no avatar has, and a lookAt
track sweeping past the range maps (yaw +-120, pitch +-60 degrees, with a
roll that must be dropped). The rig is three-vrm's test.vrma's.

    python3 tests/gen/vrma_faces_write.py ../shared/data/three-vrm/test.vrma tests/fixtures/faces.vrma
"""
import json
import math
import struct
import sys


def read_glb(path):
    data = open(path, 'rb').read()
    length = struct.unpack('<I', data[12:16])[0]
    return json.loads(data[20:20 + length])


def turn(axis, degrees):
    """A turn about axis 0, 1 or 2 (x, y, z) as x, y, z, w."""
    h = math.radians(degrees) / 2
    q = [0.0, 0.0, 0.0, math.cos(h)]
    q[axis] = math.sin(h)
    return q


def mul(a, b):
    """The Hamilton product a b (b first)."""
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz]


def quat_yxz(yaw, pitch, roll):
    """Intrinsic Y-X-Z rotation (degrees): qY * qX * qZ."""
    return mul(mul(turn(1, yaw), turn(0, pitch)), turn(2, roll))


def main(source, target):
    rig = read_glb(source)
    nodes = rig['nodes'][:51]  # the humanoid rig; its expression and lookAt nodes are replaced
    bones = {name: entry['node'] for name, entry in rig['extensions']['VRMC_vrm_animation']['humanoid']['humanBones'].items()}
    expression_names = {'preset': ['happy', 'blink', 'aa', 'blinkLeft', 'lookUp', 'neutral'], 'custom': ['unknown_face']}
    expression_node = {}
    for group in ('preset', 'custom'):
        for name in expression_names[group]:
            expression_node[name] = len(nodes)
            nodes.append({'name': name})
    look_node = len(nodes)
    nodes.append({'name': 'lookAt'})

    blob, views, accessors, samplers, channels = bytearray(), [], [], [], []

    def accessor(values, kind):
        views.append({'buffer': 0, 'byteOffset': len(blob), 'byteLength': 4 * len(values)})
        blob.extend(struct.pack('<%df' % len(values), *values))
        width = {'SCALAR': 1, 'VEC3': 3, 'VEC4': 4}[kind]
        entry = {'bufferView': len(views) - 1, 'componentType': 5126, 'count': len(values) // width, 'type': kind}
        if kind == 'SCALAR':
            entry['min'], entry['max'] = [min(values)], [max(values)]
        accessors.append(entry)
        return len(accessors) - 1

    def channel(node, path, times, values, interpolation):
        kind = {'rotation': 'VEC4', 'translation': 'VEC3'}[path]
        samplers.append({'input': accessor(times, 'SCALAR'), 'output': accessor([v for key in values for v in key], kind),
                         'interpolation': interpolation})
        channels.append({'sampler': len(samplers) - 1, 'target': {'node': node, 'path': path}})

    def on_rest(bone, q):
        """a turn in the bone's parent's frame on top of its rest rotation (the file's keys are local)"""
        return mul(q, nodes[bones[bone]].get('rotation', [0, 0, 0, 1]))

    times = [0.0, 0.5, 1.0, 1.7, 2.0]
    channel(bones['rightUpperArm'], 'rotation', times, [on_rest('rightUpperArm', turn(0, d)) for d in (0, 40, -30, 70, 10)], 'LINEAR')
    channel(bones['leftUpperArm'], 'rotation', times, [on_rest('leftUpperArm', turn(2, d)) for d in (0, 50, -20, 60, 0)], 'STEP')
    channel(bones['spine'], 'rotation', times, [on_rest('spine', turn(1, d)) for d in (0, 15, -15, 25, 0)], 'LINEAR')
    channel(bones['head'], 'rotation', [0.0, 0.75, 1.25], [on_rest('head', turn(0, d)) for d in (0, 20, -10)], 'STEP')
    hips = nodes[bones['hips']]['translation']
    channel(bones['hips'], 'translation', times,
            [[hips[0] + 0.1 * math.sin(t * 3), hips[1] - 0.05 * t, hips[2] + 0.08 * t] for t in times], 'LINEAR')
    x3 = lambda weights: [[w, 0.0, 0.0] for w in weights]
    channel(expression_node['happy'], 'translation', [0.0, 0.6, 1.2, 2.0], x3([0.0, 1.4, -0.3, 0.7]), 'LINEAR')
    channel(expression_node['blink'], 'translation', [0.0, 0.5, 1.0, 1.5], x3([0.0, 0.6, 0.3, 1.0]), 'STEP')
    channel(expression_node['aa'], 'translation', [0.2, 1.8], x3([0.0, 1.0]), 'LINEAR')
    channel(expression_node['blinkLeft'], 'translation', [0.0, 0.4, 0.9, 1.6], x3([0.2, 0.55, 0.45, 0.9]), 'STEP')
    channel(expression_node['lookUp'], 'translation', [0.0, 2.0], x3([0.0, 1.0]), 'LINEAR')
    channel(expression_node['neutral'], 'translation', [0.0, 2.0], x3([0.3, 0.3]), 'STEP')
    channel(expression_node['unknown_face'], 'translation', [0.0, 1.0], x3([0.0, 1.0]), 'LINEAR')
    look_times = [0.25 * k for k in range(9)]
    channel(look_node, 'rotation', look_times,
            [quat_yxz(-120 + 30 * k, 60 - 15 * k, 25 * math.sin(k)) for k in range(9)], 'LINEAR')

    gltf = {
        'asset': {'version': '2.0', 'generator': 'posemath tests/gen/vrma_faces_write.py'},
        'extensionsUsed': ['VRMC_vrm_animation'],
        'extensions': {'VRMC_vrm_animation': {
            'specVersion': '1.0',
            'humanoid': {'humanBones': {name: {'node': node} for name, node in bones.items()}},
            'expressions': {group: {name: {'node': expression_node[name]} for name in names}
                            for group, names in expression_names.items()},
            'lookAt': {'node': look_node}}},
        'nodes': nodes,
        'scenes': [{'nodes': [bones['hips']] + list(expression_node.values()) + [look_node]}],
        'scene': 0,
        'animations': [{'channels': channels, 'samplers': samplers}],
        'accessors': accessors,
        'bufferViews': views,
        'buffers': [{'byteLength': len(blob)}],
    }
    body = json.dumps(gltf, separators=(',', ':')).encode()
    body += b' ' * (-len(body) % 4)
    blob.extend(b'\0' * (-len(blob) % 4))
    out = struct.pack('<4sII', b'glTF', 2, 12 + 8 + len(body) + 8 + len(blob))
    out += struct.pack('<I4s', len(body), b'JSON') + body + struct.pack('<I4s', len(blob), b'BIN\0') + bytes(blob)
    open(target, 'wb').write(out)


if __name__ == '__main__':
    main(*sys.argv[1:])
