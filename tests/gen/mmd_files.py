"""PMX and VMD writers for the generated MMD test content (mmd_rig_write.py,
mmd_character_write.py): a PMX 2.0 model (UTF-16LE, 2-byte bone indices)
of bones with grants, fixed axes, IK chains and limits, layers and the
after-physics flag, and a VMD motion of bone keys and IK switches."""
import math
import random
import struct

KNEE = ((-math.pi, 0, 0), (-0.5 * math.pi / 180, 0, 0))  # PMX's usual knee limit: x in [-180, -0.5] degrees


def text(s):
    raw = s.encode('utf-16-le')
    return struct.pack('<i', len(raw)) + raw


def f(*values):
    return struct.pack('<%df' % len(values), *values)


def i32(*values):
    return struct.pack('<%di' % len(values), *values)


def bone(bones, name, parent, position, **extra):
    """Appends a bone; extra: grant=(source, ratio, local, rotation, translation), axis=(x, y, z),
    ik=(target, loops, unit angle, [(link, None or ((lower xyz), (upper xyz)))]), layer, after (physics)."""
    bones.append((name, parent, position, extra))
    return len(bones) - 1


def deform(kind, *values):
    """A vertex's weights: ('BDEF1', bone), ('BDEF2', bone0, bone1, weight0) or
    ('SDEF', bone0, bone1, weight0, C, R0, R1)."""
    if kind == 'BDEF1':
        return bytes([0]) + struct.pack('<h', values[0])
    if kind == 'BDEF2':
        return bytes([1]) + struct.pack('<hh', values[0], values[1]) + f(values[2])
    return bytes([3]) + struct.pack('<hh', values[0], values[1]) + f(values[2], *values[3], *values[4], *values[5])


def write_pmx(path, model_name, bones, vertices=None, faces=None, bodies=(), joints=(), morphs=(), materials=None):
    """vertices: (position, normal, deform(...)) triples (a triangle on bone 0 by default); faces: vertex index
    triples; bodies: (name, bone, group, mask, shape, size, position, rotation, mass, linear damping, angular
    damping, restitution, friction, mode); joints: (body a, body b, position, rotation, linear lower, linear
    upper, angular lower, angular upper, linear stiffness, angular stiffness); morphs: (name, panel, type, offset
    records as bytes: see morph_offset); materials: (diffuse rgba, specular rgb, shininess, ambient rgb, flags,
    edge colour rgba, edge size, face count), one white material of every face by default."""
    vertices = vertices or [((x, 0, 0), (0, 1, 0), deform('BDEF1', 0)) for x in (0, 1, 2)]
    faces = faces or [(0, 1, 2)]
    out = bytearray(b'PMX ' + f(2.0) + bytes([8, 0, 0, 4, 1, 1, 2, 1, 1]))
    out += text(model_name) + text('generated') + text('posemath のテスト用') + text('generated for posemath\'s tests')
    out += i32(len(vertices)) + b''.join(f(*p, *n, 0, 0) + d + f(1.0) for p, n, d in vertices)
    out += i32(3 * len(faces)) + b''.join(i32(*face) for face in faces)
    out += i32(0)  # textures
    materials = materials or [((1, 1, 1, 1), (0, 0, 0), 5, (0.5, 0.5, 0.5), 0, (0, 0, 0, 1), 1, len(faces))]
    out += i32(len(materials))
    for k, (diffuse, specular, shininess, ambient, flags, edge, edge_size, face_count) in enumerate(materials):
        out += text('材質' + (str(k) if k else '')) + text('material') + f(*diffuse, *specular, shininess, *ambient)
        out += bytes([flags]) + f(*edge, edge_size) + bytes([0xff, 0xff, 0, 1, 0]) + text('') + i32(3 * face_count)
    out += i32(len(bones))
    for b, (name, parent, position, extra) in enumerate(bones):
        flags = 0x0002 | 0x0004 | 0x0008 | 0x0010
        tail = f(0, 1, 0)
        body = b''
        if 'grant' in extra:
            source, ratio, local, rotation, translation = extra['grant']
            flags |= (0x0080 if local else 0) | (0x0100 if rotation else 0) | (0x0200 if translation else 0)
            body += struct.pack('<h', source) + f(ratio)
        if 'axis' in extra:
            flags |= 0x0400
            body += f(*extra['axis'])
        if 'ik' in extra:
            target, loops, unit, links = extra['ik']
            flags |= 0x0020
            body += struct.pack('<h', target) + i32(loops) + f(unit) + i32(len(links))
            for link, limit in links:
                body += struct.pack('<h', link) + (bytes([1]) + f(*limit[0], *limit[1]) if limit else bytes([0]))
        if extra.get('after'):
            flags |= 0x1000
        out += text(name) + text('bone%d' % b) + f(*position) + struct.pack('<h', parent) + i32(extra.get('layer', 0))
        out += struct.pack('<H', flags) + tail + body
    out += i32(len(morphs))
    for name_, panel, kind, records in morphs:
        out += text(name_) + text('morph') + bytes([panel, kind]) + i32(len(records)) + b''.join(records)
    out += i32(1) + text('Root') + text('Root') + bytes([1]) + i32(1) + bytes([0]) + struct.pack('<h', 0)
    out += i32(len(bodies))
    for name, bone_index, group, mask, shape, size, position, rotation, *numbers, mode in bodies:
        out += text(name) + text('body') + struct.pack('<h', bone_index) + bytes([group]) + struct.pack('<H', mask)
        out += bytes([shape]) + f(*size, *position, *rotation, *numbers) + bytes([mode])
    out += i32(len(joints))
    for a, b, *vectors in joints:
        out += text('joint') + text('joint') + bytes([0]) + bytes([a, b]) + b''.join(f(*v) for v in vectors)
    open(path, 'wb').write(out)


def morph_offset(kind, index, *values):
    """A morph offset record as write_pmx's header sizes it (vertex indices 4 bytes, bones 2, morphs and
    materials 1): group (morph, ratio), vertex (vertex, x y z), bone (bone, x y z, qx qy qz qw), UV (vertex,
    x y z w), material (material or -1, operation 0 multiply or 1 add, 28 numbers)."""
    if kind == 0:
        return struct.pack('<b', index) + f(*values)
    if kind == 2:
        return struct.pack('<h', index) + f(*values)
    if kind == 8:
        return struct.pack('<bB', index, values[0]) + f(*values[1:])
    return i32(index) + f(*values)


def name(text_, size):
    raw = text_.encode('cp932')[:size]
    return raw + b'\0' * (size - len(raw))


def curves(rng=random):
    block = bytearray(64)
    for c in range(4):
        x1, y1, x2, y2 = (rng.choice([0, 127, 64, rng.randint(0, 127)]) for _ in range(4))
        for k, v in enumerate((x1, y1, x2, y2)):
            block[16 * c + 4 * k] = v
    return bytes(block)


def bone_key(bone_name, frame, move, rotation, curve_bytes):
    return name(bone_name, 15) + struct.pack('<I3f4f', frame, *move, *rotation) + curve_bytes


def write_vmd(path, model_name, keys, switches, morph_keys=()):
    """keys: bone_key() records; switches: (frame, IK bone name, on) triples, one property key each; morph_keys:
    (morph name, frame, weight) triples."""
    properties = [struct.pack('<IBI', frame, 1, 1) + name(ik, 20) + bytes([on]) for frame, ik, on in switches]
    morphs = [name(morph, 15) + struct.pack('<If', frame, weight) for morph, frame, weight in morph_keys]
    data = (b'Vocaloid Motion Data 0002' + b'\0' * 5 + name(model_name, 20) + struct.pack('<I', len(keys)) + b''.join(keys) +
            struct.pack('<I', len(morphs)) + b''.join(morphs) + struct.pack('<III', 0, 0, 0) +
            struct.pack('<I', len(properties)) + b''.join(properties))
    open(path, 'wb').write(data)
