# posemath: `make demo` runs the examples, `make test` the test suite in every
# configuration, `make bench` the benchmarks. Only gcc and make are assumed:
# missing Debian packages are installed (apt-get as root or through sudo) or
# named, with the command that installs them.

CLANG ?= clang
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror
# The header itself must also pass these.
HEADER_WARN = $(WARN) -Wdouble-promotion -Wcast-qual -Wundef -Wmissing-declarations -Wredundant-decls
HEADER_C_WARN = $(HEADER_WARN) -Wstrict-prototypes -Wmissing-prototypes -Wold-style-definition
BUILD = build

TEST_SRC = tests/runner.c tests/posemath.c tests/options.c tests/test_core.c tests/test_euler.c \
           tests/test_constraints.c tests/test_humanoid.c tests/test_skinning.c tests/test_bvh.c tests/test_hostile.c tests/test_track.c tests/test_mmd.c tests/test_vmd.c tests/test_pmx.c tests/test_mmd_bones.c tests/test_mmd_physics.c tests/test_mmd_runtime.c tests/test_vrm_runtime.c tests/test_springs.c tests/test_look_at.c tests/test_expressions.c
EXAMPLES = pipeline euler_table constraints_gltf retarget vrma_tracks skinning_twist gltf_skin bvh2vrma vrm_pose mmd_pose \
           mmd_dance vmd2vrma vrm_springs vrm_play
LIBS_constraints_gltf = -lcjson
LIBS_gltf_skin = -lcjson
LIBS_skinning_twist = -lpthread
SHARED = ../shared
SHARED_DATA = $(SHARED)/data
# Debian's assimp-testmodels: real motion capture and glTF skins.
ASSIMP_MODELS = /usr/share/assimp/models
# The frames at which tests/fixtures/morphs.pmx is checked against babylon-mmd.
MORPH_FRAMES = 0 3.5 7.5 12.25 20 27 33.5 40 45
# The animation times at which the glTF skins are checked against three.js.
CHAIN_TIMES = 0 0.35 1 1.7
SIMPLE_SKIN_TIMES = 0 0.75 2.2 3.9
MORPH_CUBE = $(ASSIMP_MODELS)/glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF
MORPH_CUBE_WEIGHTS = 0.3,0.8
# A real VRM 0.x avatar with spring bones (CC-BY 3.0, ../shared/data/vrm-samples/README.md).
GODETTE = $(SHARED_DATA)/vrm-samples/Godette_vrm_v4.vrm
MTOON = $(SHARED_DATA)/vrm-samples/VRMC_materials_mtoon_UV_Animation_Test.vrm
# vrm_play against three-vrm: NAME:AVATAR:ANIMATION:FPS:FRAMES:EVERY[:VERTICES] (the fixture keeps every
# EVERYth frame; with VERTICES, every VERTICESth vertex skinned); an avatar or animation under shared/ is
# skipped when ../shared is absent
VRM_PLAY_RUNS = godette_faces:$(GODETTE):tests/fixtures/faces.vrma:30:64:3:97 \
  godette_test:$(GODETTE):$(SHARED_DATA)/three-vrm/test.vrma:12:40:3 \
  godette_dance:$(GODETTE):tests/fixtures/character_dance.vrma:20:60:4 \
  overrides_faces:$(SHARED_DATA)/vrm-samples/VRMC_vrm_expressions_isBinary_Overrides.vrm:tests/fixtures/faces.vrma:30:64:2 \
  overridden_faces:$(SHARED_DATA)/vrm-samples/VRMC_vrm_expressions_isBinary_Overridden.vrm:tests/fixtures/faces.vrma:24:52:2 \
  mtoon_faces:$(SHARED_DATA)/vrm-samples/VRMC_materials_mtoon_UV_Animation_Test.vrm:tests/fixtures/faces.vrma:20:44:2:1 \
  godette_lenient_faces:$(BUILD)/godette_lenient.vrm:tests/fixtures/faces.vrma:30:40:4 \
  mtoon_bone_faces:$(BUILD)/mtoon_bone.vrm:tests/fixtures/faces.vrma:30:64:2
# Godette's secondaryAnimation with the duplicate joints files in the wild
# have, the JSON chunk's length kept: child, node 23 listed beside its parent
# 22 in bone group 0; twice, a fourth group on node 22 with other settings
# (two collider radii written shorter, the same floats, to make room).
# Godette with what three-vrm reads past: a VRM 0.x bind weight of 150 (aa's), a bind past its mesh's targets (ih's)
GODETTE_LENIENT_SED = s/{"index":5,"mesh":0,"weight":100}/{"index":5,"mesh":0,"weight":150}/; \
  s/{"index":6,"mesh":0,"weight":100}/{"index":66,"mesh":0,"weight":10}/
# The mtoon sample (eyes, no lookAt) with a bone-type lookAt, each range map
# its own, and an empty expressions object (three-vrm reads a lookAt only
# beside one), in the room of optional meta fields (the JSON chunk's
# length kept)
MTOON_BONE_SED = s|"meta":{"allowAntisocialOrHateUsage":false,"allowExcessivelySexualUsage":true,"allowExcessivelyViolentUsage":true,"allowPoliticalOrReligiousUsage":true,"allowRedistribution":true,"authors"|"lookAt":{"type":"bone","offsetFromHeadBone":[0,0.06,0],"rangeMapHorizontalInner":{"inputMaxValue":30,"outputScale":10},"rangeMapHorizontalOuter":{"inputMaxValue":60,"outputScale":12},"rangeMapVerticalDown":{"inputMaxValue":40,"outputScale":8},"rangeMapVerticalUp":{"inputMaxValue":50,"outputScale":9}},"meta":{"authors"|; \
  s|"avatarPermission":"everyone","commercialUsage":"corporation","creditNotation":"unnecessary","licenseUrl":"https://vrm\.dev/licenses/1\.0/","modification":"allowModificationRedistribution",|"licenseUrl":"https://vrm.dev/licenses/1.0/",          |; \
  s|,"version":"v1\.0\.0"},"humanoid"|},"expressions":{},"humanoid"  |
GODETTE_CHILD_SED = s/"bones":\[22,16,20,18\]/"bones":[22,23,16,20,18]/; s/"byteLength":560200}\]}   /"byteLength":560200}]}/
GODETTE_TWICE_SED = s/"stiffiness":4}\],"colliderGroups"/"stiffiness":4},{"bones":[22],"dragForce":0.4}],"colliderGroups"/; \
  s/"radius":0.10000000149011612/"radius":0.1/; s/"radius":0.21699999272823334/"radius":0.2170/; \
  s/"byteLength":560200}\]}   /"byteLength":560200}]} /

# Header (as #include'd) = Debian package that provides it: required.
PACKAGES = cglm/cglm.h=libcglm-dev cjson/cJSON.h=libcjson-dev stb/stb_image_write.h=libstb-dev
# Command = Debian package: the compilers of some test configurations. When
# one cannot be installed, its configurations are skipped with a line saying so.
COMPILERS = g++=g++ clang=clang pkg-config=pkgconf aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu \
  qemu-aarch64=qemu-user
# File = Debian package: test data and optional libraries. Without one, the
# tests and examples that need it are skipped with a line saying so.
TEST_DATA = $(ASSIMP_MODELS)/BVH/01_01.bvh=assimp-testmodels /usr/include/bullet/btBulletDynamicsCommon.h=libbullet-dev \
  /usr/include/gif_lib.h=libgif-dev

.PHONY: all check test test-build test-run install install-check demo-run fuzz-run header-check readme-check examples-check demo bench compile-time fuzz clean deps fixtures

all: test

# Installs what is missing with one apt-get update and one install (as root
# or through sudo), or says what to install. Compilers are optional.
deps:
	@missing=""; optional=""; \
	for pair in $(PACKAGES); do \
	  printf '#include <%s>\n' "$${pair%%=*}" | $(CC) -E -x c - >/dev/null 2>&1 || missing="$$missing $${pair#*=}"; \
	done; \
	for pair in $(COMPILERS); do \
	  command -v "$${pair%%=*}" >/dev/null 2>&1 || optional="$$optional $${pair#*=}"; \
	done; \
	for pair in $(TEST_DATA); do \
	  [ -e "$${pair%%=*}" ] || optional="$$optional $${pair#*=}"; \
	done; \
	[ -z "$$missing$$optional" ] && exit 0; \
	if ! command -v apt-get >/dev/null 2>&1; then sudo=none; \
	elif [ "$$(id -u)" = 0 ]; then sudo=""; \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; \
	else sudo=none; fi; \
	if [ "$$sudo" = none ]; then \
	  [ -n "$$optional" ] && echo "posemath: without$$optional some test configurations and tests are skipped"; \
	  [ -z "$$missing" ] && exit 0; \
	  echo "posemath: missing Debian packages:$$missing"; \
	  echo "posemath: install them with: sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	fi; \
	echo "posemath: installing$$missing$$optional with apt-get"; \
	$$sudo apt-get update -qq || exit 1; \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing$$optional >/dev/null 2>&1 || \
	  { [ -z "$$missing" ] || $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing >/dev/null || exit 1; \
	    echo "posemath: could not install$$optional: some test configurations and tests are skipped"; }

$(BUILD):
	@mkdir -p $(BUILD)

# ---- tests: each configuration builds the same runner and runs it ----------

# `make test` installs what is missing first, then runs `make test-run`,
# which sees the compilers as they are after the install.
TEST_CONFIGS = test-c99 test-c11 test-asan test-O0 test-nosimd test-fastmath
SKIPPED =
HAVE_CXX := $(shell command -v $(CXX) >/dev/null 2>&1 && echo yes)
HAVE_CLANG := $(shell command -v $(CLANG) >/dev/null 2>&1 && echo yes)
# The AVX2 + FMA path runs only where the CPU has both.
HAVE_AVX2_FMA := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo && echo yes)
ifeq ($(HAVE_CXX),yes)
TEST_CONFIGS += test-cxx
else
SKIPPED += "test-cxx: skipped, no C++ compiler ($(CXX))"
endif
ifeq ($(HAVE_AVX2_FMA),yes)
TEST_CONFIGS += test-avx2
else
SKIPPED += "test-avx2: skipped, this CPU lacks AVX2 or FMA"
endif
HAVE_AVX512 := $(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null && echo yes)
ifeq ($(HAVE_AVX2_FMA)$(HAVE_AVX512),yesyes)
TEST_CONFIGS += test-avx512
else
SKIPPED += "test-avx512: skipped, this CPU lacks AVX-512F, AVX2 or FMA"
endif
TEST_CONFIGS += test-sse2
# MMD physics on Bullet (posemath_mmd_bullet.cc, C++): mmd_pose --physics,
# where Debian's libbullet-dev and a C++ compiler are there.
HAVE_BULLET := $(shell [ "$(HAVE_CXX)" = yes ] && pkg-config --exists bullet 2>/dev/null && echo yes)
ifneq ($(HAVE_BULLET),yes)
SKIPPED += "mmd_pose --physics, mmd_dance's physics: skipped, no libbullet-dev or no C++ compiler ($(CXX))"
endif
# Animated GIFs of the demos through Debian's giflib (examples/gif_write.h)
HAVE_GIF := $(shell printf '\043include <gif_lib.h>\n' | $(CC) -E -x c - >/dev/null 2>&1 && echo yes)
ifneq ($(HAVE_GIF),yes)
SKIPPED += "mmd_dance's animated GIF: skipped, no libgif-dev"
endif
# x86's reciprocal square root estimates at both edges of the error Intel's
# and AMD's manuals allow (posemath.h, POSEMATH_TEST_RSQRT_EDGE): the
# tolerances hold on every conforming CPU, not only on this one.
ifneq ($(filter x86_64 i%86,$(shell uname -m)),)
TEST_CONFIGS += test-rsqrt-high test-rsqrt-low
endif
ifeq ($(HAVE_CLANG),yes)
TEST_CONFIGS += test-clang test-clangxx test-clang-fastmath
else
SKIPPED += "test-clang, test-clangxx, test-clang-fastmath: skipped, no $(CLANG)"
endif
# aarch64 (phones, Apple machines): the suite cross-built by Debian's gcc for
# aarch64 with its default flags and run under qemu-user.
AARCH64_CC = aarch64-linux-gnu-gcc
HAVE_AARCH64 := $(shell command -v $(AARCH64_CC) >/dev/null 2>&1 && command -v qemu-aarch64 >/dev/null 2>&1 && echo yes)
ifeq ($(HAVE_AARCH64),yes)
TEST_CONFIGS += test-aarch64
else
SKIPPED += "test-aarch64: skipped, no $(AARCH64_CC) or qemu-aarch64 (Debian: gcc-aarch64-linux-gnu, qemu-user)"
endif

# Builds run two at a time (CI has two cores); the runs one after another.
JOBS ?= 2
test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) test-build
	@$(MAKE) --no-print-directory test-run

test-build: header-check $(addprefix $(BUILD)/,$(TEST_CONFIGS)) $(addprefix $(BUILD)/,$(EXAMPLES)) $(BUILD)/png_stats

test-run: test-build readme-check examples-check install-check
	@for line in $(SKIPPED); do echo "$$line"; done
	@# the configurations run side by side (JOBS at a time), their reports printed in order
	@printf '%s\n' $(TEST_CONFIGS) | xargs -P $(JOBS) -I{} sh -c './$(BUILD)/{} > $(BUILD)/{}.out 2>&1; echo $$? > $(BUILD)/{}.status'
	@passed=0; failed=0; for t in $(TEST_CONFIGS); do echo "== $$t"; \
	  status=$$(cat $(BUILD)/$$t.status); cat $(BUILD)/$$t.out; \
	  set -- $$(tail -1 $(BUILD)/$$t.out) x x x; case "$$1$$3" in *[!0-9]*) set -- 0 x 1;; esac; \
	  [ $$status -eq 0 ] || [ "$$3" -gt 0 ] || set -- "$$1" x 1; \
	  passed=$$((passed + $$1)); failed=$$((failed + $$3)); \
	done; echo "== all $(words $(TEST_CONFIGS)) configurations"; echo "$$passed passed, $$failed failed"; [ $$failed -eq 0 ]

# Every ```c block of the README and docs/ compiles; those with a main() run
# and print the ```text block after them (tests/check_snippets.sh).
readme-check: $(if $(filter yes,$(HAVE_BULLET)),$(BUILD)/mmd_bullet.o) | $(BUILD)
	JOBS=$(JOBS) tests/check_snippets.sh $(BUILD) "$(CC)" "$(WARN)" README.md docs/*.md
	@# the README's MMD program, with Bullet: built as its first lines say, played on the generated character
	@if [ "$(HAVE_BULLET)" = yes ]; then \
	  awk '/^```c$$/ { n++; inside = 1; next } inside && /^```$$/ { inside = 0; next } \
	    inside && /^#include "posemath_mmd_bullet.h"/ { keep = n } inside { line[n] = line[n] $$0 "\n" } \
	    END { printf "%s", line[keep] }' README.md > $(BUILD)/readme_dance.c && \
	  awk '/^```c$$/ { n++ } /^#include "posemath_mmd_bullet.h"/ { want = n } /^```text$$/ && n == want { f = 1; next } \
	    /^```$$/ { f = 0 } f' README.md > $(BUILD)/readme_dance.expected && \
	  test "$$(wc -l < $(BUILD)/readme_dance.c)" -le 30 && \
	  $(CC) -std=c99 $(WARN) -I. -c -o $(BUILD)/readme_dance.o $(BUILD)/readme_dance.c && \
	  $(CXX) -o $(BUILD)/readme_dance $(BUILD)/readme_dance.o $(BUILD)/mmd_bullet.o $$(pkg-config --libs bullet) -lm && \
	  ./$(BUILD)/readme_dance tests/fixtures/character.pmx tests/fixtures/character_dance.vmd > $(BUILD)/readme_dance.got && \
	  diff -u $(BUILD)/readme_dance.expected $(BUILD)/readme_dance.got && \
	  echo "readme-check: the README's MMD program ($$(wc -l < $(BUILD)/readme_dance.c) lines) plays the character"; \
	else echo "readme-check: no libbullet-dev, the README's MMD program skipped"; fi
	@# the README's VRM program: built as C and as C++17, played on Godette with three-vrm's test.vrma
	@awk '/^```c$$/ { n++; inside = 1; next } inside && /^```$$/ { inside = 0; next } \
	  inside && /^#include "posemath_vrm.h"/ { keep = n } inside { line[n] = line[n] $$0 "\n" } \
	  END { printf "%s", line[keep] }' README.md > $(BUILD)/readme_avatar.c
	@awk '/^```c$$/ { n++ } /^#include "posemath_vrm.h"/ { want = n } /^```text$$/ && n == want { f = 1; next } \
	  /^```$$/ { f = 0 } f' README.md > $(BUILD)/readme_avatar.expected
	@test "$$(wc -l < $(BUILD)/readme_avatar.c)" -le 30
	$(CC) -std=c99 $(WARN) -I. -o $(BUILD)/readme_avatar $(BUILD)/readme_avatar.c -lm
	$(if $(filter yes,$(HAVE_CXX)),$(CXX) -x c++ -std=c++17 $(WARN) -I. -o $(BUILD)/readme_avatar_cxx $(BUILD)/readme_avatar.c -lm)
	@if [ -f $(GODETTE) ] && [ -f $(SHARED_DATA)/three-vrm/test.vrma ]; then \
	  for program in readme_avatar $(if $(filter yes,$(HAVE_CXX)),readme_avatar_cxx); do \
	    ./$(BUILD)/$$program $(GODETTE) $(SHARED_DATA)/three-vrm/test.vrma > $(BUILD)/$$program.got && \
	    diff -u $(BUILD)/readme_avatar.expected $(BUILD)/$$program.got || exit 1; \
	  done; \
	  echo "readme-check: the README's VRM program ($$(wc -l < $(BUILD)/readme_avatar.c) lines, C$(if $(filter yes,$(HAVE_CXX)), and C++17)) plays Godette"; \
	else echo "readme-check: ../shared absent, the README's VRM program built, not played"; fi

# Each example runs and prints what it should.
examples-check: $(addprefix $(BUILD)/,$(EXAMPLES)) $(BUILD)/png_stats $(BUILD)/vrm_play-nosimd
	./$(BUILD)/pipeline $(BUILD)/pipeline-check.png > $(BUILD)/pipeline.out
	grep -q '^motion: 19 joints, 40 frames$$' $(BUILD)/pipeline.out
	awk '/^ponytail: swings up to/ { if ($$5 + 0 < 5 || $$5 + 0 > 90) exit 1; found = 1 } END { exit !found }' $(BUILD)/pipeline.out
	awk '/^eyes: follow a moving point from/ { if ($$7 + 0 > -5 || $$9 + 0 < 5) exit 1; found = 1 } END { exit !found }' $(BUILD)/pipeline.out
	grep -q '^per frame: retarget .* us, constraints .* us, skinning .* us' $(BUILD)/pipeline.out
	@# each panel: the floor band (360 x 44 pixels) and a character of 15-30 thousand pixels
	./$(BUILD)/png_stats $(BUILD)/pipeline-check.png 5 | awk '$$1 != 1800 || $$3 != 480 { exit 1 } \
	  { for (i = 4; i <= NF; ++i) if ($$i < 28000 || $$i > 50000) exit 1 }'
	@# real motion capture (Debian assimp-testmodels): every panel shows the character, whose limbs
	@# point as the motion's own joints do (within 0.001 degree)
	@for f in 01_01.bvh Boxing_Toes.bvh; do \
	  if [ -f $(ASSIMP_MODELS)/BVH/$$f ]; then \
	    ./$(BUILD)/pipeline $(BUILD)/pipeline-$$f.png $(ASSIMP_MODELS)/BVH/$$f > $(BUILD)/pipeline-$$f.out 2>&1 || exit 1; \
	    awk '/^limbs against/ { if ($$7 + 0 > 0.001) exit 1; found = 1 } END { exit !found }' $(BUILD)/pipeline-$$f.out || \
	      { echo "examples-check: $$f: limbs off"; cat $(BUILD)/pipeline-$$f.out; exit 1; }; \
	    ./$(BUILD)/png_stats $(BUILD)/pipeline-$$f.png 5 | awk '{ for (i = 4; i <= NF; ++i) if ($$i < 28000) exit 1 }' || \
	      { echo "examples-check: $$f: an empty panel"; exit 1; }; \
	    grep -h '^limbs against' $(BUILD)/pipeline-$$f.out | sed "s/^/$$f: /"; \
	  else echo "examples-check: $(ASSIMP_MODELS)/BVH/$$f (Debian assimp-testmodels) absent, skipped"; fi; \
	done
	grep -q 'line 3199: frame lines past "Frames: 3069", ignored' $(BUILD)/pipeline-Boxing_Toes.bvh.out || \
	  [ ! -f $(ASSIMP_MODELS)/BVH/Boxing_Toes.bvh ]
	@# the BVH -> VRM animation converter: what it meant to write, and what vrma_tracks reads back, against
	@# what three-vrm-animation reads from the same file
	@if [ -f $(ASSIMP_MODELS)/BVH/01_01.bvh ]; then \
	  ./$(BUILD)/bvh2vrma --every 100 --print $(ASSIMP_MODELS)/BVH/01_01.bvh $(BUILD)/01_01.vrma > $(BUILD)/bvh2vrma.out && \
	  awk -v name="bvh2vrma on 01_01.bvh" -f tests/compare.awk -f tests/check_vrma_tracks.awk \
	    tests/fixtures/bvh2vrma_threevrm.txt $(BUILD)/bvh2vrma.out && \
	  ./$(BUILD)/vrma_tracks $(BUILD)/01_01.vrma > $(BUILD)/01_01.vrma.out && \
	  awk -v name="vrma_tracks on bvh2vrma's 01_01.vrma" -f tests/compare.awk -f tests/check_vrma_tracks.awk \
	    tests/fixtures/bvh2vrma_threevrm.txt $(BUILD)/01_01.vrma.out; \
	else echo "examples-check: $(ASSIMP_MODELS)/BVH/01_01.bvh (Debian assimp-testmodels) absent, bvh2vrma skipped"; fi
	printf 'HIERARCHY\nROOT Hips\n{ OFFSET 0 0 0 CHANNELS 2 Xrotation Qrotation }\n' > $(BUILD)/bad.bvh
	! ./$(BUILD)/pipeline $(BUILD)/bad.png $(BUILD)/bad.bvh 2> $(BUILD)/bad.err
	grep -q 'line 3: unknown channel "Qrotation"' $(BUILD)/bad.err
	! ./$(BUILD)/bvh2vrma $(BUILD)/bad.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'line 3: unknown channel "Qrotation"' $(BUILD)/bad.err
	printf 'HIERARCHY\nROOT Hips\n{ OFFSET 0 0 0 CHANNELS 0 }\nMOTION\nFrames: 1\nFrame Time: 1\n\n' > $(BUILD)/hips.bvh
	! ./$(BUILD)/bvh2vrma $(BUILD)/hips.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'not a humanoid skeleton: required bone missing (no spine joint)' $(BUILD)/bad.err
	! ./$(BUILD)/bvh2vrma $(BUILD)/no-such.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'no-such.bvh: cannot be read' $(BUILD)/bad.err
	! ./$(BUILD)/gltf_skin $(BUILD)/bad.bvh 0 2> $(BUILD)/bad.err
	grep -q 'bad.bvh: not a readable glTF' $(BUILD)/bad.err
	printf '{"asset":{"version":"2.0"},"nodes":[{}]}' > $(BUILD)/nomesh.gltf
	! ./$(BUILD)/gltf_skin $(BUILD)/nomesh.gltf 0 2> $(BUILD)/bad.err
	grep -q 'nomesh.gltf: no mesh' $(BUILD)/bad.err
	! ./$(BUILD)/gltf_skin tests/fixtures/skin_chain.gltf 2> $(BUILD)/bad.err
	grep -q '^usage: gltf_skin' $(BUILD)/bad.err
	! ./$(BUILD)/gltf_skin tests/fixtures/skin_chain.gltf --root-scale 2> $(BUILD)/bad.err
	grep -q '^usage: gltf_skin' $(BUILD)/bad.err
	! ./$(BUILD)/gltf_skin tests/fixtures/skin_chain.gltf --no-such-option 0 2> $(BUILD)/bad.err
	grep -q '^usage: gltf_skin' $(BUILD)/bad.err
	! ./$(BUILD)/gltf_skin tests/fixtures/skin_chain.gltf --morph-weights 1 0 2> $(BUILD)/bad.err
	grep -q -- '--morph-weights: the mesh has no morph targets' $(BUILD)/bad.err
	printf 'Hips hips\nNoSuchJoint spine\n' > $(BUILD)/bad.map
	! ./$(BUILD)/bvh2vrma --map $(BUILD)/bad.map $(BUILD)/hips.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'bad.map:2: expected "JointName vrmBoneName"' $(BUILD)/bad.err
	@# hostile files: a negative byteOffset or byteStride is refused, never read out of bounds
	sed 's/"byteOffset": 1920,/"byteOffset": -1920,/' tests/fixtures/skin_chain.gltf > $(BUILD)/bad-offset.gltf
	! ./$(BUILD)/gltf_skin $(BUILD)/bad-offset.gltf 0 2> $(BUILD)/bad.err
	grep -q 'bad-offset.gltf: POSITION: a buffer view outside its buffer' $(BUILD)/bad.err
	sed 's/"byteOffset": 1920,/"byteOffset": 1920, "byteStride": -12,/' tests/fixtures/skin_chain.gltf > $(BUILD)/bad-stride.gltf
	! ./$(BUILD)/gltf_skin $(BUILD)/bad-stride.gltf 0 2> $(BUILD)/bad.err
	grep -q 'bad-stride.gltf: POSITION: a negative offset, or a stride below the element size' $(BUILD)/bad.err
	@# a BVH cannot make the reader allocate more than its size holds; bvh2vrma refuses what would be an
	@# invalid glTF (no keys, key times that do not increase or overflow a float) and an --every past int
	printf 'HIERARCHY\nROOT Hips\n{ OFFSET 0 0 0 CHANNELS 0 }\nMOTION\nFrames: 1073741824\nFrame Time: 1\n\n' > $(BUILD)/huge.bvh
	! ./$(BUILD)/bvh2vrma $(BUILD)/huge.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'line 6: "Frames: 1073741824" but the rest of the file holds at most 3 frames' $(BUILD)/bad.err
	printf 'HIERARCHY\nROOT Hips\n{ OFFSET 0 0 0 CHANNELS 1 Xrotation }\nMOTION\nFrames: 4\nFrame Time: 1\n0\n0\n' > $(BUILD)/short.bvh
	! ./$(BUILD)/bvh2vrma $(BUILD)/short.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'line 6: "Frames: 4" but the rest of the file holds at most 3 frames' $(BUILD)/bad.err
	@for case in 'Frames: 0=no frames to convert ("Frames: 0")' \
	             'Frame Time: 0=gives key times that do not increase as floats' \
	             'Frame Time: 1e39=gives key times that do not increase as floats'; do \
	  sed "s/^$${case%%:*}: .*/$${case%%=*}/" tests/fuzz/seeds/bvh/cmu_two_frames.bvh > $(BUILD)/bad-motion.bvh; \
	  ! ./$(BUILD)/bvh2vrma $(BUILD)/bad-motion.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err || exit 1; \
	  grep -qF "$${case#*=}" $(BUILD)/bad.err || { echo "examples-check: $${case%%=*}: expected $${case#*=}"; cat $(BUILD)/bad.err; exit 1; }; \
	done
	! ./$(BUILD)/bvh2vrma --every 2147483648 tests/fuzz/seeds/bvh/cmu_two_frames.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q '^usage: bvh2vrma' $(BUILD)/bad.err
	./$(BUILD)/bvh2vrma --every 2147483647 tests/fuzz/seeds/bvh/cmu_two_frames.bvh $(BUILD)/every.vrma 2> $(BUILD)/every.err
	grep -q 'every.vrma: 21 bones, 1 keys' $(BUILD)/every.err
	./$(BUILD)/bvh2vrma tests/fuzz/seeds/bvh/cmu_two_frames.bvh $(BUILD)/two.vrma 2> /dev/null
	@# a unit that is not a number, or one that takes a position past float's range: refused, never inf or nan in the file
	! ./$(BUILD)/bvh2vrma --unit nan tests/fuzz/seeds/bvh/cmu_two_frames.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q '^usage: bvh2vrma' $(BUILD)/bad.err
	awk 'motion && /^[-0-9]/ { $$1 = "1e10" } /^Frame Time/ { motion = 1 } { print }' \
	  tests/fuzz/seeds/bvh/cmu_two_frames.bvh > $(BUILD)/far.bvh
	! ./$(BUILD)/bvh2vrma --unit 1e29 $(BUILD)/far.bvh $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q "a position past float's range in metres" $(BUILD)/bad.err
	@# an MMD model posed by a motion, end to end (PMX and VMD readers, tracks by name, IK switches, the
	@# evaluation), against babylon-mmd from the last keys on, where both sample the keys exactly
	./$(BUILD)/mmd_pose tests/fixtures/rig.pmx tests/fixtures/dance.vmd 60 75 > $(BUILD)/mmd_pose.out
	awk -f tests/check_mmd_pose.awk tests/fixtures/mmd_babylon.h $(BUILD)/mmd_pose.out
	@# every morph type played as babylon-mmd plays it (bones, vertex and UV weights, materials), and the materials
	@# before any morph as babylon-mmd reads them
	./$(BUILD)/mmd_pose --morphs tests/fixtures/morphs.pmx tests/fixtures/morphs.vmd $(MORPH_FRAMES) > $(BUILD)/morphs.out
	awk -f tests/check_mmd_morphs.awk tests/fixtures/mmd_morphs_babylon.txt $(BUILD)/morphs.out
	./$(BUILD)/mmd_pose --morphs tests/fixtures/morphs.pmx tests/fixtures/dance.vmd 0 > $(BUILD)/morphs.out
	awk 'FNR == NR { if ($$1 == "base") base[$$3] = $$0; next } $$2 == "material" { split(base[$$3], w, " "); ++n; \
	  for (i = 4; i <= NF; ++i) if ($$i + 0 != w[i] + 0) exit 1 } END { exit n != 3 }' \
	  tests/fixtures/mmd_morphs_babylon.txt $(BUILD)/morphs.out || { echo "examples-check: materials before morphs"; exit 1; }
	@# MMD physics on Bullet, where libbullet-dev is there: 3000 steps of a dance (tests/check_mmd_physics.awk),
	@# then step by step and statistically against babylon-mmd's Bullet (tests/check_mmd_physics_babylon.awk)
	@if [ "$(HAVE_BULLET)" = yes ]; then \
	  frames="$$(seq 0 15 1500)"; \
	  ./$(BUILD)/mmd_pose tests/fixtures/physics.pmx tests/fixtures/physics.vmd $$frames > $(BUILD)/physics-animated.out && \
	  ./$(BUILD)/mmd_pose --physics tests/fixtures/physics.pmx tests/fixtures/physics.vmd $$frames > $(BUILD)/physics.out && \
	  awk -f tests/check_mmd_physics.awk $(BUILD)/physics-animated.out $(BUILD)/physics.out || exit 1; \
	  ./$(BUILD)/mmd_pose --physics=120 tests/fixtures/physics.pmx tests/fixtures/physics.vmd $$frames > $(BUILD)/physics.out && \
	  awk -f tests/check_mmd_physics.awk $(BUILD)/physics-animated.out $(BUILD)/physics.out || exit 1; \
	  frames="$$(awk '$$1 == "gravity" { print $$2 }' tests/fixtures/mmd_physics_steps_babylon.txt | uniq)"; \
	  ./$(BUILD)/mmd_pose tests/fixtures/physics.pmx tests/fixtures/physics.vmd $$frames > $(BUILD)/physics-animated.out && \
	  ./$(BUILD)/mmd_pose --physics tests/fixtures/physics.pmx tests/fixtures/physics.vmd $$frames > $(BUILD)/physics.out && \
	  awk -v driven="髪1:頭 髪2:頭 髪3:頭 スカート:下半身" -v stale=髪先 -f tests/check_mmd_physics_babylon.awk \
	    tests/fixtures/mmd_physics_steps_babylon.txt $(BUILD)/physics-animated.out $(BUILD)/physics.out || exit 1; \
	  $(MAKE) --no-print-directory $(BUILD)/mmd_pose-bullet-rows >/dev/null || exit 1; \
	  frames="$$(seq 0 15 1500)"; \
	  ./$(BUILD)/mmd_pose --physics tests/fixtures/character.pmx tests/fixtures/character_dance.vmd $$frames > $(BUILD)/physics.out && \
	  ./$(BUILD)/mmd_pose-bullet-rows --physics tests/fixtures/character.pmx tests/fixtures/character_dance.vmd $$frames \
	    > $(BUILD)/physics-bullet-rows.out && \
	  { cmp $(BUILD)/physics.out $(BUILD)/physics-bullet-rows.out && \
	    echo "posemath_mmd_bullet.cc's constraint rows: the same bits as Bullet's over 3000 steps of character.pmx"; } || \
	  { echo "examples-check: posemath_mmd_bullet.cc's constraint rows differ from Bullet's"; exit 1; }; \
	  ! ./$(BUILD)/mmd_pose --physics tests/fixtures/physics.pmx tests/fixtures/physics.vmd 0 0.25 2> $(BUILD)/bad.err || exit 1; \
	  grep -q 'must follow the one before on a grid of 0.5 from 0' $(BUILD)/bad.err || exit 1; \
	  frames="$$(awk '$$1 == "gravity" { print $$2 }' tests/fixtures/mmd_physics_seek_babylon.txt | uniq)"; \
	  ./$(BUILD)/mmd_pose --physics tests/fixtures/character.pmx tests/fixtures/character_dance.vmd $$frames \
	    > $(BUILD)/physics-seek.out && \
	  awk -f tests/check_mmd_physics_seek.awk tests/fixtures/mmd_physics_seek_babylon.txt $(BUILD)/physics-seek.out || exit 1; \
	  ! ./$(BUILD)/mmd_pose --physics tests/fixtures/pile.pmx tests/fixtures/dance.vmd 0 1 > /dev/null 2> $(BUILD)/bad.err || exit 1; \
	  grep -q 'more pairs of bodies touch than PM_MMD_BULLET_MAX_PAIRS' $(BUILD)/bad.err || exit 1; \
	  frames="0 0.5 1 1.5 2 2.5 3 3.5 4 4.5 5"; \
	  ./$(BUILD)/mmd_pose --physics tests/fixtures/snap.pmx tests/fixtures/snap.vmd $$frames > $(BUILD)/snap.out \
	    2> $(BUILD)/snap.err || { cat $(BUILD)/snap.err; exit 1; }; \
	  grep -q '^mmd_pose: warning: Bullet lost 4 bodies (not finite), placed back on their bones, still$$' $(BUILD)/snap.err || \
	    { cat $(BUILD)/snap.err; exit 1; }; \
	  ./$(BUILD)/mmd_pose tests/fixtures/snap.pmx tests/fixtures/snap.vmd 1 1.5 > $(BUILD)/snap-animated.out && \
	  awk '$$1 == 1 || $$1 == 1.5' $(BUILD)/snap.out | cmp - $(BUILD)/snap-animated.out || \
	    { echo "examples-check: the bodies Bullet lost are not back on their animated bones"; exit 1; }; \
	  awk -f tests/check_mmd_recover.awk tests/fixtures/mmd_snap_babylon.txt $(BUILD)/snap.out || exit 1; \
	else echo "examples-check: no libbullet-dev, mmd_pose --physics skipped"; fi
	@# the generated character dancing: six panels, each with the character in it
	./$(BUILD)/mmd_dance $(BUILD)/mmd_dance-check.png > $(BUILD)/mmd_dance.out
	grep -q 'character.pmx: 1466 vertices, 283 bones (17 IK), 9 morphs (28 vertex offsets); .*: 54 bone and 8 morph tracks' \
	  $(BUILD)/mmd_dance.out
	./$(BUILD)/mmd_dance $(BUILD)/morphs-dance.png tests/fixtures/morphs.pmx tests/fixtures/morphs.vmd > $(BUILD)/morphs-dance.out
	grep -q 'morphs.pmx: 21 vertices, 8 bones (0 IK), 14 morphs (10 vertex offsets); .*: 2 bone and 13 morph tracks, frames 0 to 40$$' \
	  $(BUILD)/morphs-dance.out
	grep -c '^frame .* bones posed in .* vertices skinned in' $(BUILD)/mmd_dance.out | grep -qx 6
	./$(BUILD)/png_stats $(BUILD)/mmd_dance-check.png 6 | awk '$$1 != 1800 || $$3 != 480 { exit 1 } \
	  { for (i = 4; i <= NF; ++i) if ($$i < 8000) exit 1 }'
	@if [ "$(HAVE_BULLET)" = yes ]; then grep -q '^physics: 102 rigid bodies, 122 joints on Bullet' $(BUILD)/mmd_dance.out; \
	else grep -q '^physics: off, built without Bullet' $(BUILD)/mmd_dance.out; fi
	@# its first four seconds as an animated GIF (20 frames a second, looping), read back by giflib's decoder:
	@# every frame moves (above its caption)
	@if [ "$(HAVE_GIF)" = yes ]; then $(MAKE) --no-print-directory $(BUILD)/gif_stats && \
	  ./$(BUILD)/mmd_dance $(BUILD)/mmd_dance-check.png $(BUILD)/mmd_dance-check.gif > /dev/null && \
	  ./$(BUILD)/gif_stats $(BUILD)/mmd_dance-check.gif 30 | tee $(BUILD)/gif.out | grep -qx '300 480 81 5 1 80' || \
	  { echo "examples-check: mmd_dance's GIF: $$(cat $(BUILD)/gif.out)"; exit 1; }; \
	else echo "examples-check: no libgif-dev, mmd_dance's GIF skipped"; fi
	@# the MMD dance as a VRM animation: what the converter meant to write, and what vrma_tracks reads back,
	@# against what three-vrm-animation reads from the same file
	./$(BUILD)/vmd2vrma --every 10 --print tests/fixtures/character.pmx tests/fixtures/character_dance.vmd \
	  $(BUILD)/dance.vrma > $(BUILD)/vmd2vrma.out
	awk -v name="vmd2vrma on character_dance.vmd" -f tests/compare.awk -f tests/check_vrma_tracks.awk \
	  tests/fixtures/vmd2vrma_threevrm.txt $(BUILD)/vmd2vrma.out
	./$(BUILD)/vrma_tracks $(BUILD)/dance.vrma > $(BUILD)/dance.vrma.out
	awk -v name="vrma_tracks on vmd2vrma's dance.vrma" -f tests/compare.awk -f tests/check_vrma_tracks.awk \
	  tests/fixtures/vmd2vrma_threevrm.txt $(BUILD)/dance.vrma.out
	! ./$(BUILD)/vmd2vrma tests/fixtures/model20.pmx tests/fixtures/dance.vmd $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'model20.pmx: not a humanoid skeleton: required bone missing (no head bone' $(BUILD)/bad.err
	printf '上半身 spine\n頭 nose\n' > $(BUILD)/bad-mmd.map
	! ./$(BUILD)/vmd2vrma --map $(BUILD)/bad-mmd.map tests/fixtures/character.pmx tests/fixtures/character_dance.vmd \
	  $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'bad-mmd.map:2: expected "PMXBoneName vrmBoneName"' $(BUILD)/bad.err
	@# a key at frame 2^31 (the first bone key's frame, at byte 69) would ask for 2^31 keys
	cp tests/fixtures/dance.vmd $(BUILD)/far.vmd && printf '\000\000\000\200' | dd of=$(BUILD)/far.vmd bs=1 seek=69 conv=notrunc 2>/dev/null
	! ./$(BUILD)/vmd2vrma tests/fixtures/rig.pmx $(BUILD)/far.vmd $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q 'far.vmd: a key at frame 2147483648: more than 2^24 keys to write' $(BUILD)/bad.err
	! ./$(BUILD)/vmd2vrma --every 0 tests/fixtures/character.pmx tests/fixtures/character_dance.vmd $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q '^usage: vmd2vrma' $(BUILD)/bad.err
	! ./$(BUILD)/mmd_pose tests/fixtures/rig.pmx tests/fixtures/dance.vmd 1x 2> $(BUILD)/bad.err
	grep -q 'frame "1x" is not a number' $(BUILD)/bad.err
	! ./$(BUILD)/mmd_pose tests/fixtures/dance.vmd tests/fixtures/dance.vmd 0 2> $(BUILD)/bad.err
	grep -q 'dance.vmd: byte 0: not a PMX model' $(BUILD)/bad.err
	! ./$(BUILD)/mmd_pose tests/fixtures/rig.pmx tests/fixtures/rig.pmx 0 2> $(BUILD)/bad.err
	grep -q 'rig.pmx: byte 0: not a VMD motion' $(BUILD)/bad.err
	@# files that never end: read no further than a start without the format's signature, a binary
	@# glTF no further than its chunks, a --map file not at all (its size is 0)
	! timeout 60 ./$(BUILD)/mmd_pose /dev/zero tests/fixtures/dance.vmd 0 2> $(BUILD)/bad.err
	grep -q '/dev/zero: byte 0: not a PMX model' $(BUILD)/bad.err
	! timeout 60 ./$(BUILD)/vmd2vrma --map /dev/zero tests/fixtures/character.pmx tests/fixtures/character_dance.vmd \
	  $(BUILD)/bad.vrma 2> $(BUILD)/bad.err
	grep -q '(no hips bone in /dev/zero)' $(BUILD)/bad.err
	! timeout 60 ./$(BUILD)/vrma_tracks /dev/zero 2> $(BUILD)/bad.err
	grep -q '/dev/zero: byte 0: not a binary glTF file' $(BUILD)/bad.err
	{ cat $(BUILD)/dance.vrma; cat /dev/zero; } | timeout 60 ./$(BUILD)/vrma_tracks /dev/stdin > $(BUILD)/endless.vrma.out
	cmp -s $(BUILD)/dance.vrma.out $(BUILD)/endless.vrma.out
	@# a model or motion followed by endless bytes through a pipe: read to its end, as the file; a
	@# signature and endless zeros: an empty motion, a model refused at its version
	./$(BUILD)/mmd_pose tests/fixtures/character.pmx tests/fixtures/character_dance.vmd 30 > $(BUILD)/mmd_file.out
	{ cat tests/fixtures/character.pmx; cat /dev/zero; } | \
	  timeout 60 ./$(BUILD)/mmd_pose /dev/stdin tests/fixtures/character_dance.vmd 30 > $(BUILD)/mmd_endless.out
	cmp -s $(BUILD)/mmd_file.out $(BUILD)/mmd_endless.out
	{ cat tests/fixtures/character_dance.vmd; cat /dev/zero; } | \
	  timeout 60 ./$(BUILD)/mmd_pose tests/fixtures/character.pmx /dev/stdin 30 > $(BUILD)/mmd_endless.out
	cmp -s $(BUILD)/mmd_file.out $(BUILD)/mmd_endless.out
	cat tests/fixtures/character_dance.vmd | ./$(BUILD)/mmd_pose tests/fixtures/character.pmx /dev/stdin 30 \
	  > $(BUILD)/mmd_endless.out
	cmp -s $(BUILD)/mmd_file.out $(BUILD)/mmd_endless.out
	{ printf 'Vocaloid Motion Data 0002'; cat /dev/zero; } | \
	  timeout 60 ./$(BUILD)/mmd_pose tests/fixtures/character.pmx /dev/stdin 0 > $(BUILD)/mmd_endless.out
	grep -q '^0 センター 0 8 0 0 0 0 1$$' $(BUILD)/mmd_endless.out
	! { printf 'PMX '; cat /dev/zero; } | timeout 60 ./$(BUILD)/mmd_pose /dev/stdin tests/fixtures/dance.vmd 0 2> $(BUILD)/bad.err
	grep -q '/dev/stdin: byte 4: a PMX version other than 2.0 and 2.1' $(BUILD)/bad.err
	@# a full disk: every write checked (standard output, PNG and glTF files)
	! ./$(BUILD)/vrma_tracks $(BUILD)/dance.vrma > /dev/full 2> $(BUILD)/bad.err
	grep -q '^vrma_tracks: the output cannot be written' $(BUILD)/bad.err
	! ./$(BUILD)/skinning_twist /dev/full > /dev/null 2> $(BUILD)/bad.err
	grep -q '^skinning_twist: cannot write /dev/full' $(BUILD)/bad.err
	! ./$(BUILD)/constraints_gltf --demo /dev/full > /dev/null 2> $(BUILD)/bad.err
	grep -q '^constraints_gltf: cannot write /dev/full' $(BUILD)/bad.err
	./$(BUILD)/euler_table ZXY | grep -q 'ZXY   (  30.000   35.264   35.264)   (  -0.000   45.000   45.000)'
	! ./$(BUILD)/euler_table XXY 2>/dev/null
	./$(BUILD)/constraints_gltf --demo $(BUILD)/constraints_demo.gltf | grep -q 'evaluation order: ForearmTwist Sleeve SubArm'
	@# two constraints reading each other: the error names both
	sed 's/"roll":{"source":2/"roll":{"source":5/; s/"rotation":{"source":1/"rotation":{"source":3/' \
	  $(BUILD)/constraints_demo.gltf > $(BUILD)/constraints_circle.gltf
	! ./$(BUILD)/constraints_gltf $(BUILD)/constraints_circle.gltf > /dev/null 2> $(BUILD)/bad.err
	grep -Eq 'circular dependency among the constraints of (3 \(ForearmTwist\) 5 \(SubArm\)|5 \(SubArm\) 3 \(ForearmTwist\))$$' $(BUILD)/bad.err
	./$(BUILD)/retarget $(BUILD)/retarget-check.png | grep -q 'largest error 0.00'
	test "$$(head -c 8 $(BUILD)/retarget-check.png | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a
	./$(BUILD)/skinning_twist > $(BUILD)/skinning.out
	grep -q 'BDEF2  radius at the joint 0.0' $(BUILD)/skinning.out
	grep -q 'SDEF   radius at the joint 0.2500' $(BUILD)/skinning.out
	grep -q 'QDEF   radius at the joint 0.2500' $(BUILD)/skinning.out
	./$(BUILD)/gltf_skin tests/fixtures/skin_chain.gltf $(CHAIN_TIMES) > $(BUILD)/skin_chain.out
	./$(BUILD)/gltf_skin tests/fixtures/skin_chain.gltf --root-scale 0.01 $(CHAIN_TIMES) >> $(BUILD)/skin_chain.out
	awk -v name=skin_chain.gltf -f tests/compare.awk -f tests/check_gltf_skin.awk tests/fixtures/skin_chain_threejs.txt $(BUILD)/skin_chain.out
	@if [ -f $(ASSIMP_MODELS)/glTF2/simple_skin/simple_skin.gltf ]; then \
	  ./$(BUILD)/gltf_skin $(ASSIMP_MODELS)/glTF2/simple_skin/simple_skin.gltf $(SIMPLE_SKIN_TIMES) > $(BUILD)/simple_skin.out \
	    2> $(BUILD)/simple_skin.err && \
	  grep -q 'JOINTS_0 read in place, 16 bytes apart' $(BUILD)/simple_skin.err && \
	  ./$(BUILD)/gltf_skin $(ASSIMP_MODELS)/glTF2/simple_skin/simple_skin.gltf --root-scale 0.01 $(SIMPLE_SKIN_TIMES) >> $(BUILD)/simple_skin.out && \
	  awk -v name=simple_skin.gltf -f tests/compare.awk -f tests/check_gltf_skin.awk tests/fixtures/skin_simple_threejs.txt $(BUILD)/simple_skin.out; \
	else echo "examples-check: $(ASSIMP_MODELS)/glTF2/simple_skin (Debian assimp-testmodels) absent, skipped"; fi
	@# Khronos' AnimatedMorphCube: morph targets with NORMAL displacements, against three.js's CPU morphs
	@if [ -f $(MORPH_CUBE)/AnimatedMorphCube.gltf ]; then \
	  for scale in 1 0.01; do ./$(BUILD)/gltf_skin $(MORPH_CUBE)/AnimatedMorphCube.gltf --root-scale $$scale \
	    --morph-weights $(MORPH_CUBE_WEIGHTS) --normals 0 2>/dev/null || exit 1; done > $(BUILD)/morph_cube.out && \
	  awk -v name=AnimatedMorphCube.gltf -f tests/compare.awk -f tests/check_gltf_skin.awk \
	    tests/fixtures/skin_morph_cube_threejs.txt $(BUILD)/morph_cube.out && \
	  cp $(MORPH_CUBE)/AnimatedMorphCube.bin $(BUILD)/ && \
	  sed 's/"mesh": 0,/"mesh": 0, "weights": [$(MORPH_CUBE_WEIGHTS)],/' $(MORPH_CUBE)/AnimatedMorphCube.gltf \
	    > $(BUILD)/node-weights.gltf && \
	  ./$(BUILD)/gltf_skin $(BUILD)/node-weights.gltf --normals 0 2>/dev/null > $(BUILD)/node-weights.out && \
	  ./$(BUILD)/gltf_skin $(MORPH_CUBE)/AnimatedMorphCube.gltf --morph-weights $(MORPH_CUBE_WEIGHTS) --normals 0 2>/dev/null | \
	    cmp -s - $(BUILD)/node-weights.out && \
	  sed 's/"NORMAL": 6,/"NORMAL": 9,/' $(MORPH_CUBE)/AnimatedMorphCube.gltf > $(BUILD)/bad-target.gltf && \
	  ! ./$(BUILD)/gltf_skin $(BUILD)/bad-target.gltf 0 2> $(BUILD)/bad.err && \
	  grep -q 'bad-target.gltf: morph target 1 NORMAL: ' $(BUILD)/bad.err && \
	  sed 's/"weights": \[/"weights": [1e39, /' $(MORPH_CUBE)/AnimatedMorphCube.gltf > $(BUILD)/bad-weights.gltf && \
	  ! ./$(BUILD)/gltf_skin $(BUILD)/bad-weights.gltf 0 2> $(BUILD)/bad.err && \
	  grep -q "bad-weights.gltf: the mesh's weights: not a float for each of the 2 targets" $(BUILD)/bad.err && \
	  ! ./$(BUILD)/gltf_skin $(MORPH_CUBE)/AnimatedMorphCube.gltf --morph-weights 0.5 0 2> $(BUILD)/bad.err && \
	  grep -q -- '--morph-weights: not 2 finite numbers' $(BUILD)/bad.err && \
	  ! ./$(BUILD)/gltf_skin $(MORPH_CUBE)/AnimatedMorphCube.gltf --morph-weights 0.5,nan 0 2> $(BUILD)/bad.err && \
	  grep -q -- '--morph-weights: not 2 finite numbers' $(BUILD)/bad.err; \
	else echo "examples-check: $(MORPH_CUBE) (Debian assimp-testmodels) absent, skipped"; fi
	@if [ -f $(SHARED_DATA)/three-vrm/cubes.gltf ]; then \
	  ./$(BUILD)/constraints_gltf $(SHARED_DATA)/three-vrm/cubes.gltf > $(BUILD)/cubes.out && \
	  awk -f tests/compare.awk -f tests/check_constraints_gltf.awk tests/fixtures/cubes_gltf_threevrm.txt $(BUILD)/cubes.out; \
	else echo "examples-check: $(SHARED_DATA)/three-vrm/cubes.gltf absent, skipped"; fi
	@if [ -f $(SHARED_DATA)/three-vrm/test.vrma ]; then \
	  ./$(BUILD)/vrma_tracks $(SHARED_DATA)/three-vrm/test.vrma > $(BUILD)/vrma.out && \
	  awk -v name="vrma_tracks on test.vrma" -f tests/compare.awk -f tests/check_vrma_tracks.awk tests/fixtures/vrma_threevrm.txt $(BUILD)/vrma.out; \
	else echo "examples-check: $(SHARED_DATA)/three-vrm/test.vrma absent, skipped"; fi
	@# a VRM from its file to a posed, skinned mesh: the lowered left hand drops as far as its rest arm turned 60 degrees about Z says (VRM 0.x: turned half about Y)
	@found=0; for f in $(SHARED_DATA)/vrm-samples/*.vrm; do \
	  [ -f "$$f" ] || continue; found=1; \
	  ./$(BUILD)/vrm_pose "$$f" $(BUILD)/vrm_pose.obj > $(BUILD)/vrm_pose.out || exit 1; \
	  awk '/^left hand dropped/ { d = $$4 - $$11; if (d < 0) d = -d; if (d > 1e-5 || $$4 < 0.1) exit 1; ok = 1 } END { exit !ok }' \
	    $(BUILD)/vrm_pose.out || { echo "examples-check: vrm_pose on $$f:"; cat $(BUILD)/vrm_pose.out; exit 1; }; \
	  grep -q '^v ' $(BUILD)/vrm_pose.obj && grep -q '^f ' $(BUILD)/vrm_pose.obj || exit 1; \
	done; [ $$found = 1 ] && echo "vrm_pose on the VRM samples: every lowered hand where the arm's rest direction puts it" || \
	  echo "examples-check: $(SHARED_DATA)/vrm-samples absent, vrm_pose skipped"
	@# Godette's first-person view: three-vrm's headless copies of its two "Auto" meshes hold 7,314 indices
	@if [ -f $(GODETTE) ]; then \
	  ./$(BUILD)/vrm_pose $(GODETTE) $(BUILD)/vrm_first_person.obj --first-person | \
	    grep -q 'written with the 2438 triangles a first-person camera draws' && \
	  test "$$(grep -c '^f ' $(BUILD)/vrm_first_person.obj)" = 2438 || { echo "examples-check: vrm_pose --first-person"; exit 1; }; fi
	@# a VRM avatar's spring bones while a dance plays on it, frame by frame against three-vrm 3.5.5 at 30, 60 and 144 fps
	@if [ -f $(GODETTE) ]; then \
	  for fps in 30 60 144; do \
	    ./$(BUILD)/vrm_springs $(GODETTE) tests/fixtures/character_dance.vrma $$fps $$((fps * 10)) > $(BUILD)/vrm_springs.out && \
	    awk -v name="vrm_springs on Godette dancing at $$fps fps" -f tests/compare.awk -f tests/check_vrm_springs.awk \
	      tests/fixtures/springs_godette_$${fps}_threevrm.txt $(BUILD)/vrm_springs.out || exit 1; \
	  done; \
	else echo "examples-check: $(GODETTE) absent, vrm_springs skipped"; fi
	@# an avatar playing a VRM animation with every track, against three-vrm (tests/check_vrm_play.awk); Godette
	@# edited as GODETTE_LENIENT_SED says plays as three-vrm plays it, with a warning
	@if [ -f $(GODETTE) ]; then LC_ALL=C sed '$(GODETTE_LENIENT_SED)' $(GODETTE) > $(BUILD)/godette_lenient.vrm && \
	  ./$(BUILD)/vrm_play $(BUILD)/godette_lenient.vrm tests/fixtures/faces.vrma 30 1 2>&1 >/dev/null | \
	  grep -q 'godette_lenient.vrm: warning: a bind weight outside 0 to 100: applied as it is' || \
	  { echo "examples-check: vrm_play on godette_lenient.vrm: no warning"; exit 1; }; fi
	@if [ -f $(MTOON) ]; then LC_ALL=C sed '$(MTOON_BONE_SED)' $(MTOON) > $(BUILD)/mtoon_bone.vrm; fi
	@for run in $(VRM_PLAY_RUNS); do set -- $$(echo $$run | tr : ' '); \
	  if [ -f $$2 ] && [ -f $$3 ]; then \
	    ./$(BUILD)/vrm_play $$2 $$3 $$4 $$5 $${7:+--vertices $$7} > $(BUILD)/vrm_play.out && \
	    awk -v name="vrm_play on $$(basename $$2) with $$(basename $$3) at $$4 fps" -f tests/compare.awk \
	      -f tests/check_vrm_play.awk tests/fixtures/vrm_play_$$1_threevrm.txt $(BUILD)/vrm_play.out || exit 1; \
	  else echo "examples-check: $$2 or $$3 absent, vrm_play on it skipped"; fi; \
	done
	@# the SIMD lanes (world and skinning matrices, the humanoid, slerps) give the portable code's bits: an
	@# avatar without spring bones, whose step the dispatched AVX2 kernels may fuse, played by both builds
	@if [ -f $(MTOON) ]; then ./$(BUILD)/vrm_play $(MTOON) tests/fixtures/faces.vrma 20 30 > $(BUILD)/vrm_play-simd.out && \
	  ./$(BUILD)/vrm_play-nosimd $(MTOON) tests/fixtures/faces.vrma 20 30 | cmp -s - $(BUILD)/vrm_play-simd.out && \
	  echo "vrm_play built with POSEMATH_NO_SIMD: the same bits on $$(basename $(MTOON)), $$(wc -l < $(BUILD)/vrm_play-simd.out) lines" || \
	  { echo "examples-check: vrm_play built with POSEMATH_NO_SIMD differs"; exit 1; }; \
	else echo "examples-check: $(MTOON) absent, the portable build's bits not compared"; fi
	@# joints on one node (a group listing a node and its child; two groups on one root, other settings): the
	@# last joint of each node kept, as three-vrm shows it, with a warning
	@if [ -f $(GODETTE) ]; then \
	  LC_ALL=C sed '$(GODETTE_CHILD_SED)' $(GODETTE) > $(BUILD)/godette_child.vrm && \
	  LC_ALL=C sed '$(GODETTE_TWICE_SED)' $(GODETTE) > $(BUILD)/godette_twice.vrm && \
	  for edit in child twice; do \
	    ./$(BUILD)/vrm_springs $(BUILD)/godette_$$edit.vrm tests/fixtures/character_dance.vrma 30 300 > $(BUILD)/vrm_springs.out \
	      2> $(BUILD)/vrm_springs.err && \
	    grep -q 'vrm: warning: joints on a node that a later joint names too' $(BUILD)/vrm_springs.err && \
	    awk -v name="vrm_springs on Godette with duplicate joints ($$edit)" -f tests/compare.awk -f tests/check_vrm_springs.awk \
	      tests/fixtures/springs_godette_$${edit}_threevrm.txt $(BUILD)/vrm_springs.out || exit 1; \
	  done; \
	else echo "examples-check: $(GODETTE) absent, vrm_springs with duplicate joints skipped"; fi
	@if [ -f $(GODETTE) ]; then \
	  ./$(BUILD)/vrm_springs --summary $(GODETTE) tests/fixtures/character_dance.vrma 30 300 > $(BUILD)/vrm_springs.out && \
	  awk '/^spring [0-9]+: [0-9]+ joints, swung up to/ { if ($$8 + 0 < 1) exit 1; ++n } END { exit n != 3 }' \
	    $(BUILD)/vrm_springs.out || { echo "examples-check: vrm_springs --summary:"; cat $(BUILD)/vrm_springs.out; exit 1; }; \
	fi
	! ./$(BUILD)/vrm_springs tests/fixtures/character_dance.vrma tests/fixtures/character_dance.vrma 60 2> $(BUILD)/bad.err
	grep -q '^usage: vrm_springs' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_springs tests/fixtures/character_dance.vrma tests/fixtures/character_dance.vrma 0 10 2> $(BUILD)/bad.err
	grep -q '^usage: vrm_springs' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_springs tests/fixtures/character_dance.vrma tests/fixtures/character_dance.vrma 1e-300 10 2> $(BUILD)/bad.err
	grep -q '^usage: vrm_springs' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_play tests/fixtures/character_dance.vrma tests/fixtures/character_dance.vrma 1e-300 10 2> $(BUILD)/bad.err
	grep -q '^usage: vrm_play' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_springs tests/fixtures/character_dance.vrma tests/fixtures/character_dance.vrma 60 2.5 2> $(BUILD)/bad.err
	grep -q '^usage: vrm_springs' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_springs tests/fixtures/character_dance.vrma tests/fixtures/character_dance.vrma 60 10 2> $(BUILD)/bad.err
	grep -q 'character_dance.vrma: byte [0-9]*: no VRMC_vrm or VRM extension: not a VRM avatar' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_springs $(BUILD)/bad.bvh tests/fixtures/character_dance.vrma 60 10 2> $(BUILD)/bad.err
	grep -q 'bad.bvh: byte 0: not a binary glTF file' $(BUILD)/bad.err
	@if [ -f $(GODETTE) ]; then \
	  ! ./$(BUILD)/vrm_springs $(GODETTE) $(GODETTE) 60 10 2> $(BUILD)/bad.err && \
	  grep -q 'Godette_vrm_v4.vrm: byte [0-9]*: no VRMC_vrm_animation extension: not a VRM animation' $(BUILD)/bad.err && \
	  sed 's/"stiffiness":2.5/"stiffiness":-25/' $(GODETTE) > $(BUILD)/bad-spring.vrm && \
	  ! ./$(BUILD)/vrm_springs $(BUILD)/bad-spring.vrm tests/fixtures/character_dance.vrma 60 10 2> $(BUILD)/bad.err && \
	  grep -q 'bad-spring.vrm: spring 0, joint 0: the joint has a number that is not finite' $(BUILD)/bad.err && \
	  sed 's/"stiffiness":2.5/"stiffiness":"x"/' $(GODETTE) > $(BUILD)/bad-spring.vrm && \
	  ! ./$(BUILD)/vrm_springs $(BUILD)/bad-spring.vrm tests/fixtures/character_dance.vrma 60 10 2> $(BUILD)/bad.err && \
	  grep -q 'bad-spring.vrm: byte [0-9]*: "stiffiness" must be a finite float' $(BUILD)/bad.err; \
	fi
	@# the face: Godette's blink and happy binds (three-vrm's loader reads weights 1, 1, 0.5 and 0.25 on node 68's
	@# targets 3, 4, 9 and 10) at weights 1 and 0.5; a binary happy past 0.5 blocks the sample's binary blink
	@if [ -f $(GODETTE) ]; then \
	  ./$(BUILD)/vrm_pose $(GODETTE) --expression blink=1 --expression happy=0.5 > $(BUILD)/vrm_face.out && \
	  grep -c '^morph ' $(BUILD)/vrm_face.out | grep -qx 4 && grep -qx 'morph 68 3 1.000000' $(BUILD)/vrm_face.out && \
	  grep -qx 'morph 68 4 1.000000' $(BUILD)/vrm_face.out && grep -qx 'morph 68 9 0.250000' $(BUILD)/vrm_face.out && \
	  grep -qx 'morph 68 10 0.125000' $(BUILD)/vrm_face.out || { echo "examples-check: vrm_pose's face:"; cat $(BUILD)/vrm_face.out; exit 1; }; \
	  ./$(BUILD)/vrm_pose $(SHARED_DATA)/vrm-samples/VRMC_vrm_expressions_isBinary_Overrides.vrm --expression blink=1 \
	    --expression happy=0.7 > $(BUILD)/vrm_face.out && grep -qx 'expression happy 1.000000' $(BUILD)/vrm_face.out && \
	  ! grep -q '^expression blink' $(BUILD)/vrm_face.out && \
	  ! ./$(BUILD)/vrm_pose $(GODETTE) --expression smile=1 2> $(BUILD)/bad.err && \
	  grep -q 'Godette_vrm_v4.vrm: no such expression: smile' $(BUILD)/bad.err && \
	  echo "vrm_pose's face on Godette and the isBinary sample: the binds three-vrm reads, weighted"; \
	fi
	! ./$(BUILD)/vrm_pose tests/fixtures/character_dance.vrma --expression blink 2> $(BUILD)/bad.err
	grep -q '^usage: vrm_pose' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_pose tests/fixtures/character_dance.vrma --look-at 1 x 2 2> $(BUILD)/bad.err
	grep -q '^usage: vrm_pose' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_pose $(BUILD)/every.vrma 2> $(BUILD)/bad.err
	grep -q 'every.vrma: byte [0-9]*: no VRMC_vrm or VRM extension' $(BUILD)/bad.err
	! ./$(BUILD)/vrm_pose $(BUILD)/bad.bvh 2> $(BUILD)/bad.err
	grep -q 'bad.bvh: byte 0: not a binary glTF file' $(BUILD)/bad.err
	@# Khronos glTF-Validator (npm) on every glTF and VRMA file written above: 0 errors
	@if [ -d tests/validate/node_modules/gltf-validator ] || \
	    { command -v npm >/dev/null 2>&1 && (cd tests/validate && npm ci --no-audit --no-fund >/dev/null 2>&1); }; then \
	  node tests/validate/validate.mjs $(BUILD)/constraints_demo.gltf $(BUILD)/every.vrma $(BUILD)/two.vrma $(BUILD)/dance.vrma \
	    $$(ls $(BUILD)/01_01.vrma 2>/dev/null) || exit 1; \
	else echo "examples-check: npm absent or gltf-validator not installable: the glTF-Validator check skipped"; fi

# The implementation alone, with the strictest warnings, as C99, C11 and C++.
header-check:
	$(CC) -std=c99 $(HEADER_C_WARN) -fsyntax-only tests/posemath.c
	$(CC) -std=c11 $(HEADER_C_WARN) -DPOSEMATH_STATIC -fsyntax-only tests/posemath.c
	$(CC) -std=c99 $(HEADER_C_WARN) -mavx2 -mfma -fsyntax-only tests/posemath.c
	$(CC) -std=c99 $(HEADER_C_WARN) -mavx512f -mavx2 -mfma -fsyntax-only tests/posemath.c
	$(CC) -std=c99 $(HEADER_C_WARN) -DPOSEMATH_NO_DISPATCH -fsyntax-only tests/posemath.c
	$(CC) -std=c99 $(HEADER_C_WARN) -O2 -ffast-math -fsyntax-only tests/posemath.c
ifeq ($(HAVE_CXX),yes)
	$(CXX) -x c++ -std=c++11 $(HEADER_WARN) -fsyntax-only tests/posemath.c
	$(CXX) -x c++ -std=c++11 $(HEADER_WARN) -mavx2 -mfma -fsyntax-only tests/posemath.c
	$(CXX) -x c++ -std=c++11 $(HEADER_WARN) -mavx512f -mavx2 -mfma -fsyntax-only tests/posemath.c
	$(CXX) -x c++ -std=c++17 $(HEADER_WARN) -fsyntax-only tests/posemath.c
	@# the examples' readers, as a C++ engine copies them (font.h's C99 designated initializers are the pictures' own)
	@for h in $(filter-out examples/font.h,$(wildcard examples/*.h)); do \
	  printf '#include "%s"\nint main(void) { return 0; }\n' "../$$h" | \
	  $(CXX) -x c++ -std=c++17 $(WARN) -Wno-unused-function -I examples -fsyntax-only - || { echo "header-check: $$h as C++17"; exit 1; }; \
	done
endif
ifeq ($(HAVE_CLANG),yes)
	$(CLANG) -std=c99 $(HEADER_C_WARN) -fsyntax-only tests/posemath.c
	$(CLANG) -x c++ -std=c++11 $(HEADER_WARN) -fsyntax-only tests/posemath.c
	$(CLANG) -x c++ -std=c++17 $(HEADER_WARN) -fsyntax-only tests/posemath.c
	$(CLANG) -std=c99 $(HEADER_C_WARN) -mavx512f -mavx2 -mfma -fsyntax-only tests/posemath.c
	$(CLANG) -std=c99 $(HEADER_C_WARN) -mavx2 -mfma -fsyntax-only tests/posemath.c
endif

# Each configuration compiles every test file to an object of its own in
# $(BUILD)/CONFIG.obj/ (header dependencies from -MMD), so an edit rebuilds
# only what it touches and `make -j` builds files side by side. A test
# function left out of PM_TEST_LIST has no declaration: -Wmissing-declarations
# stops the build.
# $(call test_config,NAME,COMPILER,LANGUAGE FLAGS,FLAGS,EXTRA OBJECTS)
TEST_WARN = $(WARN) -Wmissing-declarations
SANITIZE = -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
define test_config
$(BUILD)/$(1).obj/%.o: tests/%.c | $(BUILD)
	@mkdir -p $$(@D)
	$(2) $(3) $(TEST_WARN) $(4) -MMD -MP -c -o $$@ $$<
$(BUILD)/$(1): $(patsubst tests/%.c,$(BUILD)/$(1).obj/%.o,$(TEST_SRC)) $(5)
	$(2) $(4) -o $$@ $$^ -lm
-include $(patsubst tests/%.c,$(BUILD)/$(1).obj/%.d,$(TEST_SRC))
endef
$(eval $(call test_config,test-c99,$(CC),-std=c99,-O2))
$(eval $(call test_config,test-c11,$(CC),-std=c11,-O2))
$(eval $(call test_config,test-cxx,$(CXX),-x c++ -std=c++11,-O2))
$(eval $(call test_config,test-asan,$(CC),-std=c11,-O1 $(SANITIZE)))
$(eval $(call test_config,test-O0,$(CC),-std=c99,-O0 -g))
$(eval $(call test_config,test-nosimd,$(CC),-std=c99,-O2 -DPOSEMATH_NO_SIMD))
# Engines ship with -ffast-math: every check must still hold (finiteness is
# tested on the bits, never with isnan/isfinite).
$(eval $(call test_config,test-fastmath,$(CC),-std=c99,-O2 -ffast-math))
$(eval $(call test_config,test-clang-fastmath,$(CLANG),-std=c99,-O2 -ffast-math))
# The AVX2 + FMA and AVX-512 kernels as the flags build them, under the
# sanitizers (test-asan runs the ones the CPU picks); the AVX2 build without
# its AVX-512 pass, so that it runs its own.
$(eval $(call test_config,test-avx2,$(CC),-std=c99,-O2 -mavx2 -mfma -DPOSEMATH_NO_DISPATCH $(SANITIZE)))
$(eval $(call test_config,test-avx512,$(CC),-std=c99,-O2 -mavx512f -mavx2 -mfma $(SANITIZE)))
$(eval $(call test_config,test-clang,$(CLANG),-std=c99,-O2))
$(eval $(call test_config,test-clangxx,$(CLANG),-x c++ -std=c++17,-O2))
# cglm is headers only: the cross compiler reads the host's, after its own.
CGLM_INCLUDE := $(shell printf '\043include <cglm/cglm.h>\n' | $(CC) -M -x c - 2>/dev/null | \
  grep -o '[^ ]*/cglm/cglm.h' | head -1 | sed 's|/cglm/cglm.h$$||')
$(eval $(call test_config,test-aarch64-bin,$(AARCH64_CC),-std=c99,-O2 -idirafter $(CGLM_INCLUDE)))
$(BUILD)/test-aarch64: $(BUILD)/test-aarch64-bin
	printf '#!/bin/sh\nexec qemu-aarch64 -L /usr/aarch64-linux-gnu "$$(dirname "$$0")/test-aarch64-bin" "$$@"\n' > $@
	chmod +x $@
$(eval $(call test_config,test-rsqrt-high,$(CC),-std=c99,-O2 -DPOSEMATH_TEST_RSQRT_EDGE=1))
$(eval $(call test_config,test-rsqrt-low,$(CC),-std=c99,-O2 -DPOSEMATH_TEST_RSQRT_EDGE=-1))
# make check: the contributor's loop, one configuration that catches most
# (ASan + UBSan, SSE2, C11); T=substring runs the tests whose name has it.
$(eval $(call test_config,test-check,$(CC),-std=c11,-O1 $(SANITIZE)))
# SSE2 alone, as a build with POSEMATH_NO_DISPATCH or a CPU without AVX2 runs
# it (the other x86-64 configurations run the widest kernels the CPU has)
$(eval $(call test_config,test-sse2,$(CC),-std=c99,-O2 -DPOSEMATH_NO_DISPATCH $(SANITIZE)))

T ?=
check: deps
	@$(MAKE) --no-print-directory $(BUILD)/test-check
	./$(BUILD)/test-check $(T)

# ---- examples --------------------------------------------------------------

$(BUILD)/png_stats: tests/png_stats.c | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -o $@ $< -lm

# The implementation is compiled once (examples/posemath.c) and linked into
# every example: a change to one example rebuilds that example alone.
$(BUILD)/posemath.o: examples/posemath.c posemath.h | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -c -o $@ $<
$(BUILD)/posemath_mmd.o: examples/posemath_mmd.c posemath_mmd.h posemath.h | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -c -o $@ $<
$(BUILD)/posemath_vrm.o: examples/posemath_vrm.c posemath_vrm.h posemath.h | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -c -o $@ $<
# what the examples link: the three implementations, each built once
RUNTIME_OBJS = $(BUILD)/posemath.o $(BUILD)/posemath_mmd.o $(BUILD)/posemath_vrm.o
# vrm_play on the portable code (POSEMATH_NO_SIMD), whose bits examples-check compares with the SIMD lanes'
$(BUILD)/nosimd-posemath.o: examples/posemath.c posemath.h | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -DPOSEMATH_NO_SIMD -c -o $@ $<
$(BUILD)/nosimd-posemath_vrm.o: examples/posemath_vrm.c posemath_vrm.h posemath.h | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -DPOSEMATH_NO_SIMD -c -o $@ $<
$(BUILD)/vrm_play-nosimd: examples/vrm_play.c $(wildcard examples/*.h) posemath.h posemath_vrm.h \
  $(BUILD)/nosimd-posemath.o $(BUILD)/nosimd-posemath_vrm.o | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -DPOSEMATH_NO_SIMD -o $@ $< $(BUILD)/nosimd-posemath.o $(BUILD)/nosimd-posemath_vrm.o -lm

$(BUILD)/%: examples/%.c $(wildcard examples/*.h) posemath.h posemath_mmd.h posemath_vrm.h $(RUNTIME_OBJS) | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -o $@ $< $(RUNTIME_OBJS) $(LIBS_$*) -lm

ifeq ($(HAVE_BULLET),yes)
# mmd_pose-bullet-rows: the adapter with Bullet's own constraint rows, to check its rows' bits
$(BUILD)/mmd_bullet.o $(BUILD)/mmd_bullet-bullet-rows.o: posemath_mmd_bullet.cc posemath_mmd_bullet.h posemath_mmd.h \
  posemath.h | $(BUILD)
	$(CXX) -std=c++17 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror -O2 -ffp-contract=off \
	  $(if $(findstring bullet-rows,$@),-DPM_MMD_BULLET_NO_SIMD) \
	  $$(pkg-config --cflags bullet | sed 's/-I/-isystem /g') -c -o $@ posemath_mmd_bullet.cc
$(BUILD)/mmd_pose.o: examples/mmd_pose.c $(wildcard examples/*.h) posemath.h posemath_mmd.h posemath_mmd_bullet.h | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -DMMD_POSE_BULLET -c -o $@ examples/mmd_pose.c
$(BUILD)/mmd_pose $(BUILD)/mmd_pose-bullet-rows: $(BUILD)/mmd_pose%: $(BUILD)/mmd_pose.o $(BUILD)/mmd_bullet%.o \
  $(RUNTIME_OBJS)
	$(CXX) -o $@ $^ $$(pkg-config --libs bullet) -lm
endif
# mmd_dance with physics where Bullet is, with its GIF where giflib is
$(BUILD)/mmd_dance: examples/mmd_dance.c $(if $(filter yes,$(HAVE_BULLET)),$(BUILD)/mmd_bullet.o) $(wildcard examples/*.h) posemath_mmd.h \
  posemath.h $(RUNTIME_OBJS) | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 $(if $(filter yes,$(HAVE_BULLET)),-DMMD_DANCE_BULLET) \
	  $(if $(filter yes,$(HAVE_GIF)),-DMMD_DANCE_GIF) -c -o $(BUILD)/mmd_dance.o examples/mmd_dance.c
	$(if $(filter yes,$(HAVE_BULLET)),$(CXX),$(CC)) -o $@ $(BUILD)/mmd_dance.o $(RUNTIME_OBJS) \
	  $(if $(filter yes,$(HAVE_BULLET)),$(BUILD)/mmd_bullet.o $(shell pkg-config --libs bullet 2>/dev/null)) \
	  $(if $(filter yes,$(HAVE_GIF)),-lgif) -lm
$(BUILD)/gif_stats: tests/gif_stats.c | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -o $@ $< -lgif

# make demo BVH=path/to/motion.bvh plays your own motion in the pipeline example;
# make demo PMX=model.pmx VMD=motion.vmd your own MMD model and dance;
# make demo VRM=model.vrm VRMA=motion.vrma your own VRM avatar's spring bones.
demo: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(addprefix $(BUILD)/,$(EXAMPLES))
	@$(MAKE) --no-print-directory demo-run

demo-run: $(addprefix $(BUILD)/,$(EXAMPLES))
	./$(BUILD)/pipeline $(BUILD)/pipeline.png $(BVH)
	./$(BUILD)/euler_table
	./$(BUILD)/constraints_gltf --demo $(BUILD)/constraints_demo.gltf
	./$(BUILD)/retarget $(BUILD)/retarget.png
	./$(BUILD)/skinning_twist $(BUILD)/skinning.png
	./$(BUILD)/mmd_dance $(BUILD)/mmd_dance.png $(BUILD)/mmd_dance.gif $(if $(PMX),$(PMX) $(VMD))
	@if [ -n "$(VRM)" ]; then ./$(BUILD)/vrm_springs --summary $(VRM) $(VRMA) 30 300; \
	elif [ -f $(GODETTE) ]; then echo "Godette's spring bones, 10 s of the generated dance:"; \
	  ./$(BUILD)/vrm_springs --summary $(GODETTE) tests/fixtures/character_dance.vrma 30 300; fi

# ---- installing: the header and a pkg-config file, where cglm's are -------

PREFIX ?= /usr/local
DESTDIR ?=
VERSION = $(shell awk '/define POSEMATH_VERSION_(MAJOR|MINOR|PATCH)/ { v = v (v == "" ? "" : ".") $$3 } END { print v }' posemath.h)

# The headers (posemath-vrm and posemath-mmd name the runtimes'); the Bullet adapter's source, which a program compiles as C++
# beside them, in share/posemath (pkg-config --variable=bullet_adapter
# posemath-mmd names it).
install:
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/posemath
	install -m 644 posemath.h posemath_mmd.h posemath_mmd_bullet.h posemath_vrm.h $(DESTDIR)$(PREFIX)/include
	install -m 644 posemath_mmd_bullet.cc $(DESTDIR)$(PREFIX)/share/posemath
	printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' '' 'Name: posemath' \
	  'Description: Pose math for VRM and MikuMikuDance content (one header on cglm)' \
	  'Version: $(VERSION)' 'Requires: cglm' 'Libs: -lm' 'Cflags: -I$${includedir}' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/posemath.pc
	printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' \
	  'bullet_adapter=$${prefix}/share/posemath/posemath_mmd_bullet.cc' '' 'Name: posemath-mmd' \
	  'Description: MikuMikuDance models and motions read and played on posemath (posemath_mmd.h)' \
	  'Version: $(VERSION)' 'Requires: posemath' 'Cflags: -I$${includedir}' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/posemath-mmd.pc
	printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' '' 'Name: posemath-vrm' \
	  'Description: VRM avatars and VRM animations read and played on posemath (posemath_vrm.h)' \
	  'Version: $(VERSION)' 'Requires: posemath' 'Cflags: -I$${includedir}' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/posemath-vrm.pc

# make install into a temporary prefix; the README's example builds with
# what pkg-config says.
install-check: | $(BUILD)
	@if command -v pkg-config >/dev/null 2>&1; then \
	  rm -rf $(BUILD)/prefix && $(MAKE) --no-print-directory install PREFIX=$(CURDIR)/$(BUILD)/prefix >/dev/null && \
	  flags=$$(PKG_CONFIG_PATH=$(BUILD)/prefix/lib/pkgconfig pkg-config --cflags --libs posemath) && \
	  echo "install-check: pkg-config --cflags --libs posemath: $$flags" && \
	  test "$$(PKG_CONFIG_PATH=$(BUILD)/prefix/lib/pkgconfig pkg-config --modversion posemath)" = "$(VERSION)" && \
	  awk '/^```c$$/{f=1;next} /^```$$/{if(f)exit} f' README.md > $(BUILD)/install_example.c && \
	  $(CC) -std=c99 $(WARN) -o $(BUILD)/install_example $(BUILD)/install_example.c $$flags && \
	  ./$(BUILD)/install_example > /dev/null && \
	  mmd_flags=$$(PKG_CONFIG_PATH=$(BUILD)/prefix/lib/pkgconfig pkg-config --cflags posemath-mmd) && \
	  adapter=$$(PKG_CONFIG_PATH=$(BUILD)/prefix/lib/pkgconfig pkg-config --variable=bullet_adapter posemath-mmd) && \
	  test -f "$$adapter" && test -f $(BUILD)/prefix/include/posemath_mmd_bullet.h && \
	  awk '/^```c$$/ { n++; inside = 1; next } inside && /^```$$/ { inside = 0; next } \
	    inside && /^#include "posemath_mmd_bullet.h"/ { keep = n } inside { line[n] = line[n] $$0 "\n" } \
	    END { printf "%s", line[keep] }' README.md > $(BUILD)/install_dance.c && \
	  $(CC) -std=c99 $(WARN) -fsyntax-only $$mmd_flags $(BUILD)/install_dance.c && \
	  echo "install-check: posemath-mmd: $$mmd_flags, the Bullet adapter in $$adapter" && \
	  vrm_flags=$$(PKG_CONFIG_PATH=$(BUILD)/prefix/lib/pkgconfig pkg-config --cflags posemath-vrm) && \
	  awk '/^```c$$/ { n++; inside = 1; next } inside && /^```$$/ { inside = 0; next } \
	    inside && /^#include "posemath_vrm.h"/ { keep = n } inside { line[n] = line[n] $$0 "\n" } \
	    END { printf "%s", line[keep] }' README.md > $(BUILD)/install_avatar.c && \
	  $(CC) -std=c99 $(WARN) -fsyntax-only $$vrm_flags $(BUILD)/install_avatar.c && \
	  echo "install-check: posemath-vrm: $$vrm_flags"; \
	else echo "install-check: skipped, no pkg-config (Debian pkgconf)"; fi

# ---- benchmarks --------------------------------------------------------------

# make bench: everything with the default flags (skinning on the widest
# kernels this CPU has), then the skinning table again from a build with
# -march=native and from one with POSEMATH_NO_DISPATCH (SSE2 alone on
# x86-64), ozz-animation's SkinningJob beside each with the same flags, when
# ../shared/peers/ozz-animation and a C++17 compiler are there.
# BENCH_FLAGS adds flags to all three.
BENCH_FLAGS ?=
OZZ = $(SHARED)/peers/ozz-animation
HAVE_OZZ := $(shell [ -f $(OZZ)/src/geometry/runtime/skinning_job.cc ] && command -v $(CXX) >/dev/null 2>&1 && echo yes)
# $(call bench_build,NAME,FLAGS): with ozz-animation's SkinningJob and with
# MMD physics on Bullet (posemath_mmd_bullet.cc) where they can be had
BENCH_OBJS = $(if $(filter yes,$(HAVE_BULLET)),$(BUILD)/mmd_bullet.o)
BENCH_DEFINES = $(if $(filter yes,$(HAVE_OZZ)),-DPM_BENCH_OZZ) \
  $(if $(filter yes,$(HAVE_BULLET)),-DPM_BENCH_BULLET)
BENCH_LIBS = $(if $(filter yes,$(HAVE_BULLET)),$(shell pkg-config --libs bullet)) -lm -lpthread
BENCH_LINK = $(if $(filter yes,$(HAVE_OZZ) $(HAVE_BULLET)),$(CXX),$(CC))
define bench_build
$(BUILD)/$(1)-posemath.o: examples/posemath.c posemath.h | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -DNDEBUG $(2) -c -o $$@ $$<
$(BUILD)/$(1): tests/bench.c tests/bench_ozz.cc posemath.h posemath_mmd.h posemath_mmd_bullet.h posemath_vrm.h \
  $(wildcard examples/*.h) $(BENCH_OBJS) $(BUILD)/posemath_mmd.o $(BUILD)/posemath_vrm.o \
  $(BUILD)/$(1)-posemath.o | $(BUILD)
ifeq ($(HAVE_OZZ),yes)
	$(CXX) -std=c++17 -O2 -DNDEBUG $(2) -I$(OZZ)/include -c -o $(BUILD)/$(1)-ozz.o tests/bench_ozz.cc
	$(CXX) -std=c++17 -O2 -DNDEBUG $(2) -I$(OZZ)/include -c -o $(BUILD)/$(1)-ozz_skinning_job.o \
	  $(OZZ)/src/geometry/runtime/skinning_job.cc
endif
	$(CC) -std=c99 $(WARN) -O2 -DNDEBUG $(BENCH_DEFINES) $(2) -c -o $(BUILD)/$(1).o tests/bench.c
	$(BENCH_LINK) -o $$@ $(BUILD)/$(1).o $(BUILD)/$(1)-posemath.o $(BUILD)/posemath_mmd.o $(BUILD)/posemath_vrm.o $(if $(filter yes,$(HAVE_OZZ)),$(BUILD)/$(1)-ozz.o $(BUILD)/$(1)-ozz_skinning_job.o) \
	  $(BENCH_OBJS) $(BENCH_LIBS)
endef
$(eval $(call bench_build,bench,$(BENCH_FLAGS)))
$(eval $(call bench_build,bench-native,-march=native $(BENCH_FLAGS)))
$(eval $(call bench_build,bench-sse2,-DPOSEMATH_NO_DISPATCH $(BENCH_FLAGS)))

# make compile-time: the implementation's compile (examples/posemath.c, as an
# engine keeps it in a file of its own) in each configuration the tests
# build, in CPU seconds (user + system: what other processes take is not
# counted), and the size of its code. make bench prints it first.
COMPILE_TIME_CONFIGS = "-O2" "-O2 -DPOSEMATH_NO_DISPATCH" "-O2 -DPOSEMATH_NO_SIMD" "-O0" \
  "-O1 $(SANITIZE)" "-x c++ -std=c++17 -O2"
$(BUILD)/cpu_time: tests/cpu_time.c | $(BUILD)
	$(CC) -std=c99 $(WARN) -O2 -o $@ $<
compile-time: $(BUILD)/cpu_time
	@echo "== the implementation's compile time: examples/posemath.c, $$($(CC) --version | head -1)"
	@for flags in $(COMPILE_TIME_CONFIGS); do \
	  compiler="$(CC)"; case "$$flags" in *c++*) compiler="$(CXX)";; *) flags="-std=c99 $$flags";; esac; \
	  seconds=$$($(BUILD)/cpu_time $$compiler $$flags -c -o $(BUILD)/compile-time.o examples/posemath.c) || exit 1; \
	  printf '%5s s CPU %6s KB of code   %s\n' "$$seconds" \
	    "$$(size $(BUILD)/compile-time.o | awk 'NR == 2 { printf "%d", ($$1 + 512) / 1024 }')" "$$flags"; \
	done
	@for runtime in mmd vrm; do \
	  seconds=$$($(BUILD)/cpu_time $(CC) -std=c99 -O2 -c -o $(BUILD)/compile-time.o examples/posemath_$$runtime.c) || exit 1; \
	  printf '%5s s CPU %6s KB of code   %s\n' "$$seconds" \
	    "$$(size $(BUILD)/compile-time.o | awk 'NR == 2 { printf "%d", ($$1 + 512) / 1024 }')" \
	    "-std=c99 -O2: posemath_$$runtime.h's (examples/posemath_$$runtime.c)"; \
	done

# babylon-mmd's runtimes, three-vrm's spring bones and three-vrm's whole
# avatar update (tests/gen's npm packages) are timed first on the same MMD
# files, spring scene and avatar (Godette, from ../shared), when node is
# there. Then babylon-mmd's runtime with physics and posemath's Bullet frame
# again, and three-vrm's avatar and posemath's, in five turns each (this
# VM's speed moves by a third from minute to minute): each turn's ratio and
# their median.
BENCH_TURNS = 5
# $(call median_of_turns,FILE): the median of the ratios ending FILE's lines
median_of_turns = awk '$$NF ~ /x$$/ { sub(/x$$/, "", $$NF); print $$NF }' $(1) | sort -n | \
  awk '{ r[NR] = $$1 } END { if (NR) printf "median of the turns: %.2fx\n", r[int((NR + 1) / 2)] }'
bench: deps
	@$(MAKE) --no-print-directory compile-time
	@echo
	@$(MAKE) --no-print-directory $(BUILD)/bench $(BUILD)/bench-native $(BUILD)/bench-sse2
	@rm -f $(BUILD)/mmd_babylon_bench.txt $(BUILD)/springs_threevrm_bench.txt $(BUILD)/vrm_threevrm_bench.txt
	@if command -v node >/dev/null 2>&1 && { [ -d tests/gen/node_modules/babylon-mmd ] || \
	    { command -v npm >/dev/null 2>&1 && (cd tests/gen && npm ci --no-audit --no-fund >/dev/null 2>&1); }; }; then \
	  (cd tests/gen && node --import ./extensionless.mjs mmd_bench_babylon.mjs ../fixtures/character.pmx \
	    ../fixtures/character_dance.vmd 300 2>/dev/null | grep '^babylon' > ../../$(BUILD)/mmd_babylon_bench.txt) || true; \
	  (cd tests/gen && node springs_bench_threevrm.mjs 400 2>/dev/null | grep '^three-vrm' \
	    > ../../$(BUILD)/springs_threevrm_bench.txt) || true; \
	  if [ -f $(GODETTE) ]; then (cd tests/gen && node vrm_bench_threevrm.mjs ../../$(GODETTE) \
	    ../fixtures/character_dance.vrma 600 2>/dev/null | grep '^three-vrm' > ../../$(BUILD)/vrm_threevrm_bench.txt) || true; fi; \
	fi
	./$(BUILD)/bench $(BUILD)/mmd_babylon_bench.txt $(BUILD)/springs_threevrm_bench.txt $(GODETTE) \
	  tests/fixtures/character_dance.vrma $(BUILD)/vrm_threevrm_bench.txt
	@if [ "$(HAVE_BULLET)" = yes ] && grep -q physics $(BUILD)/mmd_babylon_bench.txt 2>/dev/null; then \
	  echo; echo "== MMD motion with physics, babylon-mmd's run and posemath's in turns"; \
	  for turn in $$(seq $(BENCH_TURNS)); do \
	    (cd tests/gen && node --import ./extensionless.mjs mmd_bench_babylon.mjs ../fixtures/character.pmx \
	      ../fixtures/character_dance.vmd 300 physics 2>/dev/null | grep '^babylon' > ../../$(BUILD)/mmd_babylon_turn.txt); \
	    ./$(BUILD)/bench --mmd-physics $(BUILD)/mmd_babylon_turn.txt; \
	  done | tee $(BUILD)/mmd_turns.txt; \
	  $(call median_of_turns,$(BUILD)/mmd_turns.txt); \
	fi
	@if [ -s $(BUILD)/vrm_threevrm_bench.txt ]; then \
	  echo; echo "== the VRM avatar, three-vrm's run and posemath's in turns"; \
	  for turn in $$(seq $(BENCH_TURNS)); do \
	    (cd tests/gen && node vrm_bench_threevrm.mjs ../../$(GODETTE) ../fixtures/character_dance.vrma 600 2>/dev/null | \
	      grep '^three-vrm' > ../../$(BUILD)/vrm_threevrm_turn.txt); \
	    ./$(BUILD)/bench --vrm $(GODETTE) tests/fixtures/character_dance.vrma $(BUILD)/vrm_threevrm_turn.txt | \
	      awk '/^posemath/ { us = $$2 } /^three-vrm/ { printf "turn: posemath %s us, three-vrm %s us, %s\n", us, $$2, $$NF }'; \
	  done | tee $(BUILD)/vrm_turns.txt; \
	  $(call median_of_turns,$(BUILD)/vrm_turns.txt); \
	fi
	@echo; echo "== skinning built with -march=native (ozz-animation too)"
	@./$(BUILD)/bench-native --skinning
	@echo; echo "== skinning built with -DPOSEMATH_NO_DISPATCH (ozz-animation with the default flags)"
	@./$(BUILD)/bench-sse2 --skinning

# ---- fuzzing (clang's libFuzzer): FUZZ_SECONDS per target ------------------

FUZZ_SECONDS ?= 60
FUZZ_TARGETS = constraint_json constraint_set skin_job bvh gltf_accessor vmd_keys vmd pmx mmd_bones mmd_morphs mmd_physics spring_set spring_json vrm \
               look_at expressions
FUZZ_LIBS_gltf_accessor = -lcjson
FUZZ_LIBS_vrma = -lcjson
# FUZZ_FLAGS="-mavx2 -mfma" fuzzes the AVX2 + FMA path, "-mavx512f -mavx2 -mfma" the
# AVX-512 one (each in a separate BUILD directory).
FUZZ_FLAGS ?=

# The targets link the three implementations, instrumented for coverage as they are.
FUZZ_CFLAGS = -g -O1 -fno-sanitize-recover=all $(FUZZ_FLAGS)
$(BUILD)/fuzz-posemath.o: examples/posemath.c posemath.h | $(BUILD)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c -o $@ $<
$(BUILD)/fuzz-posemath_mmd.o: examples/posemath_mmd.c posemath_mmd.h posemath.h | $(BUILD)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c -o $@ $<
$(BUILD)/fuzz-posemath_vrm.o: examples/posemath_vrm.c posemath_vrm.h posemath.h | $(BUILD)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c -o $@ $<
FUZZ_OBJS = $(BUILD)/fuzz-posemath.o $(BUILD)/fuzz-posemath_mmd.o $(BUILD)/fuzz-posemath_vrm.o
$(BUILD)/fuzz-%: tests/fuzz/%.c tests/fuzz/fuzz_reader.h tests/fuzz/fuzz_memory.h tests/finite_bits.h tests/constraint_reads.h tests/vrm_rig.h posemath.h \
  posemath_mmd.h posemath_vrm.h $(wildcard examples/*.h) $(FUZZ_OBJS) | $(BUILD)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< $(FUZZ_OBJS) \
	  $(FUZZ_LIBS_$*)

fuzz: deps
	@$(MAKE) --no-print-directory fuzz-run

fuzz-run: $(addprefix $(BUILD)/fuzz-,$(FUZZ_TARGETS))
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(BUILD)/corpus-$$t; \
	  seeds=; [ -d tests/fuzz/seeds/$$t ] && seeds=tests/fuzz/seeds/$$t; \
	  dict=; [ -f tests/fuzz/$$t.dict ] && dict=-dict=tests/fuzz/$$t.dict; \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
	  ./$(BUILD)/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $$dict \
	    $(BUILD)/corpus-$$t $$seeds > $(BUILD)/fuzz-$$t.log 2>&1; status=$$?; \
	  grep -E "^(Done|stat::number_of_executed_units|stat::new_units_added)" $(BUILD)/fuzz-$$t.log; \
	  if [ $$status -ne 0 ]; then tail -40 $(BUILD)/fuzz-$$t.log; exit 1; fi; \
	done

# ---- reference fixtures (needs the network for npm; python3-scipy, libglm-dev) ----

fixtures: $(BUILD)/bvh2vrma $(BUILD)/vmd2vrma | $(BUILD)
	./$(BUILD)/bvh2vrma --every 100 $(ASSIMP_MODELS)/BVH/01_01.bvh $(BUILD)/01_01.vrma
	@# the generated MMD dance (body and face) as a VRM animation: what the VRM tests play
	./$(BUILD)/vmd2vrma --every 10 tests/fixtures/character.pmx tests/fixtures/character_dance.vmd $(BUILD)/dance.vrma
	cp $(BUILD)/dance.vrma tests/fixtures/character_dance.vrma
	cd tests/gen && npm install --no-audit --no-fund && node euler_threejs.mjs > ../fixtures/euler_threejs.h \
	  && node constraints_threevrm.mjs > ../fixtures/constraints_threevrm.h \
	  && node cubes_threevrm.mjs ../../$(SHARED_DATA)/three-vrm/cubes.gltf > ../fixtures/cubes_gltf_threevrm.txt \
	  && node humanoid_threevrm.mjs > ../fixtures/humanoid_threevrm.h \
	  && node humanoid_vrm_threevrm.mjs ../../$(SHARED_DATA)/vrm-samples > ../fixtures/humanoid_vrm_threevrm.h \
	  && node humanoid_map_threevrm.mjs ../../$(SHARED_DATA)/vrm-samples > ../fixtures/humanoid_map_threevrm.h \
	  && node retarget_threejs.mjs > ../fixtures/retarget_threejs.h \
	  && node track_threejs.mjs --write-generated ../fixtures/tracks.gltf \
	  && node track_threejs.mjs ../../$(SHARED_DATA)/three-vrm/test.vrma $(ASSIMP_MODELS)/glTF2/simple_skin/simple_skin.gltf \
	     ../fixtures/tracks.gltf > ../fixtures/track_threejs.h \
	  && node vrma_threevrm.mjs ../../$(SHARED_DATA)/three-vrm/test.vrma > ../fixtures/vrma_threevrm.txt \
	  && node springbone_threevrm.mjs > ../fixtures/springbone_threevrm.h \
	  && node springbone_loader_threevrm.mjs ../../$(SHARED_DATA)/vrm-samples/Godette_vrm_v4.vrm godette > ../fixtures/springs_godette_threevrm.h \
	  && node springbone_loader_threevrm.mjs --generated generated > ../fixtures/springs_json_threevrm.h \
	  && node lookat_threevrm.mjs ../../$(SHARED_DATA)/vrm-samples > ../fixtures/lookat_threevrm.h \
	  && node expressions_threevrm.mjs > ../fixtures/expressions_threevrm.h \
	  && node expressions_loader_threevrm.mjs ../../$(SHARED_DATA)/vrm-samples > ../fixtures/expressions_loader_threevrm.h \
	  && node first_person_threevrm.mjs ../../$(SHARED_DATA)/vrm-samples > ../fixtures/first_person_threevrm.h \
	  && mkdir -p ../../$(BUILD)/lenient \
	  && /usr/bin/python3 expressions_lenient_write.py ../../$(SHARED_DATA)/vrm-samples ../../$(BUILD)/lenient \
	  && node expressions_loader_threevrm.mjs ../../$(BUILD)/lenient lenient > ../fixtures/expressions_lenient_threevrm.h \
	  && for fps in 30 60 144; do node springs_vrma_threevrm.mjs ../../$(GODETTE) ../fixtures/character_dance.vrma $$fps $$((fps * 10)) \
	    | awk -v fps=$$fps '($$1 * 6) % fps == 0' > ../fixtures/springs_godette_$${fps}_threevrm.txt || exit 1; done \
	  && LC_ALL=C sed '$(GODETTE_CHILD_SED)' ../../$(GODETTE) > ../../$(BUILD)/godette_child.vrm \
	  && LC_ALL=C sed '$(GODETTE_TWICE_SED)' ../../$(GODETTE) > ../../$(BUILD)/godette_twice.vrm \
	  && for edit in child twice; do node springs_vrma_threevrm.mjs ../../$(BUILD)/godette_$$edit.vrm ../fixtures/character_dance.vrma \
	    30 300 | awk '$$1 % 5 == 0 && !seen[$$1 " " $$2]++' > ../fixtures/springs_godette_$${edit}_threevrm.txt || exit 1; done \
	  && node vrma_threevrm.mjs ../../$(BUILD)/01_01.vrma > ../fixtures/bvh2vrma_threevrm.txt \
	  && /usr/bin/python3 vrma_faces_write.py ../../$(SHARED_DATA)/three-vrm/test.vrma ../fixtures/faces.vrma \
	  && node bvh_threejs.mjs $(ASSIMP_MODELS)/BVH/01_01.bvh 0 400 900 1500 2100 2700 > ../fixtures/bvh_cmu_threejs.h \
	  && node skin_gltf_threejs.mjs --write-chain ../fixtures/skin_chain.gltf \
	  && node skin_gltf_threejs.mjs ../fixtures/skin_chain.gltf $(CHAIN_TIMES) > ../fixtures/skin_chain_threejs.txt \
	  && node skin_gltf_threejs.mjs $(ASSIMP_MODELS)/glTF2/simple_skin/simple_skin.gltf $(SIMPLE_SKIN_TIMES) \
	     > ../fixtures/skin_simple_threejs.txt \
	  && node skin_gltf_threejs.mjs $(MORPH_CUBE)/AnimatedMorphCube.gltf --morph-weights $(MORPH_CUBE_WEIGHTS) 0 \
	     > ../fixtures/skin_morph_cube_threejs.txt
	LC_ALL=C sed '$(GODETTE_LENIENT_SED)' $(GODETTE) > $(BUILD)/godette_lenient.vrm
	LC_ALL=C sed '$(MTOON_BONE_SED)' $(MTOON) > $(BUILD)/mtoon_bone.vrm
	for run in $(VRM_PLAY_RUNS); do set -- $$(echo $$run | tr : ' '); \
	  node tests/gen/vrm_play_threevrm.mjs $$2 $$3 $$4 $$5 --every $$6 $${7:+--vertices $$7} \
	    > tests/fixtures/vrm_play_$$1_threevrm.txt || exit 1; done
	/usr/bin/python3 tests/gen/euler_scipy.py > tests/fixtures/euler_scipy.h
	/usr/bin/python3 tests/gen/vmd_bezier_scipy.py > $(BUILD)/vmd_bezier_scipy.txt
	cd tests/gen && node vmd_bezier_babylon.mjs ../../$(BUILD)/vmd_bezier_scipy.txt > ../fixtures/vmd_bezier.h
	/usr/bin/python3 tests/gen/vmd_write.py > tests/fixtures/motion.vmd
	cd tests/gen && node --import ./extensionless.mjs vmd_babylon.mjs ../fixtures/motion.vmd > ../fixtures/vmd_babylon.h
	/usr/bin/python3 tests/gen/sjis_table.py posemath_mmd.h
	/usr/bin/python3 tests/gen/pmx_write.py 2.0 tests/fixtures/model20.pmx
	/usr/bin/python3 tests/gen/mmd_pile_write.py tests/fixtures/pile.pmx
	/usr/bin/python3 tests/gen/mmd_snap_write.py tests/fixtures/snap.pmx tests/fixtures/snap.vmd
	/usr/bin/python3 tests/gen/mmd_morphs_write.py tests/fixtures/morphs.pmx tests/fixtures/morphs.vmd
	cd tests/gen && node --import ./extensionless.mjs mmd_morphs_babylon.mjs ../fixtures/morphs.pmx ../fixtures/morphs.vmd \
	  $(MORPH_FRAMES) > ../fixtures/mmd_morphs_babylon.txt
	cd tests/gen && node --import ./extensionless.mjs mmd_physics_steps_babylon.mjs ../fixtures/snap.pmx ../fixtures/snap.vmd 4 \
	  | awk '$$1 == "gravity"' > ../fixtures/mmd_snap_babylon.txt
	/usr/bin/python3 tests/gen/pmx_write.py 2.1 tests/fixtures/model21.pmx
	cd tests/gen && node --import ./extensionless.mjs pmx_babylon.mjs ../fixtures/model20.pmx ../fixtures/model21.pmx \
	  > ../fixtures/pmx_babylon.h
	/usr/bin/python3 tests/gen/mmd_rig_write.py tests/fixtures/rig.pmx tests/fixtures/dance.vmd
	cd tests/gen && node --import ./extensionless.mjs mmd_babylon.mjs ../fixtures/rig.pmx ../fixtures/dance.vmd \
	  > ../fixtures/mmd_babylon.h
	/usr/bin/python3 tests/gen/mmd_character_write.py tests/fixtures/character.pmx tests/fixtures/character_dance.vmd
	/usr/bin/python3 tests/gen/mmd_physics_write.py tests/fixtures/physics.pmx tests/fixtures/physics.vmd
	cd tests/gen && node --import ./extensionless.mjs mmd_physics_babylon.mjs ../fixtures/physics.pmx ../fixtures/physics.vmd \
	  > ../fixtures/mmd_physics_babylon.h
	cd tests/gen && node --import ./extensionless.mjs mmd_physics_steps_babylon.mjs ../fixtures/physics.pmx \
	  ../fixtures/physics.vmd 800 > ../fixtures/mmd_physics_steps_babylon.txt
	cd tests/gen && node --import ./extensionless.mjs mmd_physics_steps_babylon.mjs ../fixtures/character.pmx \
	  ../fixtures/character_dance.vmd 240 200 '^(髪[0-9]+_3|スカート[0-9]_3|頭|下半身)$$' > ../fixtures/mmd_physics_seek_babylon.txt
	@# the VRM animations the converters write and the tests play pass Khronos glTF-Validator (no errors, no warnings)
	cd tests/gen && node validate_gltf.mjs ../fixtures/character_dance.vrma ../fixtures/faces.vrma ../../$(BUILD)/01_01.vrma
	cd tests/gen && node vrma_threevrm.mjs ../../$(BUILD)/dance.vrma > ../fixtures/vmd2vrma_threevrm.txt
	$(CXX) -O2 -std=c++11 -o $(BUILD)/skinning_qdef_glm tests/gen/skinning_qdef_glm.cpp
	/usr/bin/python3 tests/gen/skinning_numpy.py $(BUILD)/skinning_qdef_glm > tests/fixtures/skinning_numpy.h
	/usr/bin/python3 tests/gen/skinning_blended_numpy.py > tests/fixtures/skinning_blended_numpy.h
	/usr/bin/python3 tests/gen/skinning_eight_numpy.py > tests/fixtures/skinning_eight_numpy.h
	/usr/bin/python3 tests/gen/skinning_morph_numpy.py > tests/fixtures/skinning_morph_numpy.h

clean:
	rm -rf $(BUILD)
