# libdot: libdot.so (API exported) and libdot.a (PIC, API hidden, for linking into GMP/OpenSSL),
# the kernel tests and the C benchmark.
#
# Instruction-set flags apply per source folder, from the folder's name, never globally.
DOT_DIR := dot
DOT_OUT := $(BUILD)/dot
DOT_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Wshadow -fPIC -fvisibility=hidden -I$(DOT_DIR)/include -I$(DOT_DIR)/src
ISAFLAGS_scalar :=
ISAFLAGS_sse := -msse4.2
ISAFLAGS_avx2 := -mavx2
ISAFLAGS_avx512 := -mavx512f -mavx512vl
ISAFLAGS_ifma := -mavx512f -mavx512vl -mavx512ifma
# the flags of the folder a source sits in: dot/src/avx2/add_n.c -> avx2
isaflags = $(ISAFLAGS_$(notdir $(patsubst %/,%,$(dir $(1)))))

DOT_SRCS := $(sort $(wildcard $(DOT_DIR)/src/*.c $(DOT_DIR)/src/*/*.c $(DOT_DIR)/src/*/*/*.c))
DOT_HDRS := $(sort $(wildcard $(DOT_DIR)/include/*.h $(DOT_DIR)/src/*.h $(DOT_DIR)/src/*/*.h $(DOT_DIR)/src/*/*/*.h))
DOT_SHARED_OBJS := $(patsubst $(DOT_DIR)/src/%.c,$(DOT_OUT)/obj/shared/%.o,$(DOT_SRCS))
DOT_STATIC_OBJS := $(patsubst $(DOT_DIR)/src/%.c,$(DOT_OUT)/obj/static/%.o,$(DOT_SRCS))
DOT_SO := $(DOT_OUT)/libdot.so
DOT_A := $(DOT_OUT)/libdot.a

$(DOT_OUT)/obj/shared/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_CFLAGS) -DDOT_BUILD_SHARED $(call isaflags,$<) -c $< -o $@
$(DOT_OUT)/obj/static/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_CFLAGS) $(call isaflags,$<) -c $< -o $@

$(DOT_SO): $(DOT_SHARED_OBJS)
	$(CC) -shared -Wl,-soname,libdot.so -Wl,-z,noexecstack -o $@ $^
$(DOT_A): $(DOT_STATIC_OBJS)
	rm -f $@ && ar rcs $@ $^

.PHONY: dot
dot: $(DOT_SO) $(DOT_A)
