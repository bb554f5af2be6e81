# The device bundle: one statically linked binary (libdot, GMP from libgmp.a, the test and
# benchmark programs, CPU identification) to copy to an AVX-512/IFMA machine and run there
# without Java or network:  build/device/dot-device [--quick] [--list] [program...]
# Each bundled program is compiled with its main renamed to device_<name> (device_main.c calls
# them, one child process each).
DEVICE_OUT := $(BUILD)/device
DEVICE_PROGRAMS := $(DOT_DIR)/test/test_addsub.c $(DOT_DIR)/test/test_mul.c $(DOT_DIR)/test/test_baselines.c \
                   $(DOT_DIR)/test/test_mul_basecase.c $(DOT_DIR)/bench/bench_mul_basecase.c \
                   $(DOT_DIR)/bench/bench_mul.c $(DOT_DIR)/bench/bench_addsub.c $(DOT_DIR)/bench/bench_phases.c \
                   $(DOT_DIR)/bench/bench_ntt.c $(DOT_DIR)/bench/bench_ntt_mont.c $(DOT_DIR)/tune/tune_addsub.c
DEVICE_GMP_A := $(firstword $(wildcard /usr/lib/x86_64-linux-gnu/libgmp.a /usr/lib64/libgmp.a /usr/lib/libgmp.a))
DEVICE_OBJS := $(foreach p,$(DEVICE_PROGRAMS),$(DEVICE_OUT)/obj/$(basename $(notdir $(p))).o)
# a bundled benchmark's parts in dot/bench/NAME/ (dot.mk's bench_parts), compiled as they are
DEVICE_PART_SRCS := $(foreach p,$(filter $(DOT_DIR)/bench/bench_%,$(DEVICE_PROGRAMS)),$(call bench_parts,$(patsubst bench_%.c,%,$(notdir $(p)))))
DEVICE_OBJS += $(patsubst $(DOT_DIR)/bench/%.c,$(DEVICE_OUT)/obj/parts/%.o,$(DEVICE_PART_SRCS))
$(DEVICE_OUT)/obj/parts/%.o: $(DOT_DIR)/bench/%.c $(wildcard $(DOT_DIR)/bench/*/*.h $(DOT_DIR)/bench/*.h) $(DOT_COMMON_HDRS) $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -c $< -o $@

$(DEVICE_OUT)/obj/%.o: $(DOT_DIR)/test/%.c $(DOT_COMMON_HDRS) $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -Dmain=device_$* -c $< -o $@
$(DEVICE_OUT)/obj/%.o: $(DOT_DIR)/bench/%.c $(wildcard $(DOT_DIR)/bench/*.h) $(DOT_COMMON_HDRS) $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -Dmain=device_$* -c $< -o $@

$(DEVICE_OUT)/obj/%.o: $(DOT_DIR)/tune/%.c $(wildcard $(DOT_DIR)/tune/*.h $(DOT_DIR)/bench/*.h) $(DOT_COMMON_HDRS) $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -Dmain=device_$* -c $< -o $@

$(DEVICE_OUT)/dot-device: $(DOT_DIR)/bench/device_main.c $(DEVICE_OBJS) $(DOT_COMMON_SRCS) $(DOT_A)
	@test -n "$(DEVICE_GMP_A)" || { echo "device-bundle: no libgmp.a (install libgmp-dev)"; exit 1; }
	$(CC) $(DOT_TEST_CFLAGS) -static -o $@ $< $(DEVICE_OBJS) $(DOT_COMMON_SRCS) $(DOT_A) $(DEVICE_GMP_A) -lm

.PHONY: device-bundle
device-bundle: $(DEVICE_OUT)/dot-device
	@echo "device bundle: $< (static; run it with --quick for a short pass)"

# Every benchmark, the tune program and the device bundle must build: make run, make tune and
# the device runs use them, and nothing else compiles them (a kernel helper renamed under
# bench_phases once went unseen until make run).
.PHONY: test-dot-programs
test-dot-programs: $(DOT_BENCHES) $(DOT_OUT)/tune/tune_addsub $(DEVICE_OUT)/dot-device
	@echo "test-dot-programs: benchmarks, tune and the device bundle build"
TEST_TARGETS += test-dot-programs
