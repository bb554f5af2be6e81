# DoTMP and DoTSSL: stock and libdot-patched GMP and OpenSSL, built from Debian source packages.
#
#   make libs        build/gmp/{stock,stock-noasm,dot,dot-noasm} and build/openssl/{...}
#   make test-libs   the libraries' own suites on the dot variants, tests/devel/try, and the
#                    proof that dot variants call libdot and stock ones do not
#   make libs-shift  build/{gmp,openssl}/stock~shift, the layout controls (opt-in)
#
# Builds are keyed by (source version, patch series hash, configure line, libdot header): a
# repeat `make libs` only checks the keys; a changed libdot.a only relinks the dot variants.
APT_PACKAGES += dpkg-dev debian-archive-keyring debian-keyring patch m4 perl python3 xz-utils gdb

LIBS_SRC := $(BUILD)/src
GMP_DEB_VERSION := 2:6.3.0+dfsg-3
OPENSSL_DEB_VERSION := 3.5.7-1~deb13u2
# The suite holding the pinned versions (the build machine's own apt sources are never touched).
LIBS_DEB_SUITE := trixie
# GMP's CPU path: the one config.guess gives this project's zen3 build machines (see gmp-patch/README.md).
GMP_HOST ?= zen3-pc-linux-gnu

GMP_VARIANTS := stock stock-noasm dot dot-noasm
OPENSSL_VARIANTS := stock stock-noasm dot dot-noasm
LIBS_ENV = NPROC=$(NPROC) DOT_A=$(abspath $(DOT_A)) DOT_INCLUDE=$(abspath $(DOT_DIR)/include) GMP_HOST=$(GMP_HOST)

.PHONY: libs libs-gmp libs-openssl test-libs test-libs-gmp test-libs-openssl test-libs-calls test-libs-diagnostics test-libs-pin test-libs-patch
libs: libs-gmp libs-openssl
TEST_TARGETS += test-libs
test-libs: test-libs-pin test-libs-patch test-libs-gmp test-libs-openssl test-libs-calls test-libs-diagnostics

# ---- sources: apt-get source with a private apt configuration (mk/fetch-source.sh) -----------
APT_PRIVATE = -o Dir::Etc::SourceList=$(abspath $(LIBS_SRC))/apt/sources.list \
  -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists=$(abspath $(LIBS_SRC))/apt/lists \
  -o Dir::Cache=$(abspath $(LIBS_SRC))/apt/cache -o APT::Sandbox::User=root

$(LIBS_SRC)/apt/updated: | deps
	mkdir -p $(LIBS_SRC)/apt/lists/partial $(LIBS_SRC)/apt/cache/archives/partial
	{ for s in $(LIBS_DEB_SUITE) $(LIBS_DEB_SUITE)-updates; do \
	    echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $$s main"; done; \
	  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security $(LIBS_DEB_SUITE)-security main"; \
	} > $(LIBS_SRC)/apt/sources.list
	apt-get $(APT_PRIVATE) -qq update
	touch $@

# Exactly the pinned version, or an error naming it; a source whose recorded version is not the
# pin (the pin was changed) is fetched again.
pin_changed = $(if $(filter-out $(2),$(shell cat $(LIBS_SRC)/$(1).version 2>/dev/null)),libs-pin-changed)
.PHONY: libs-pin-changed
$(LIBS_SRC)/gmp.version: $(LIBS_SRC)/apt/updated $(call pin_changed,gmp,$(GMP_DEB_VERSION))
	mk/fetch-source.sh $(LIBS_SRC) gmp '$(GMP_DEB_VERSION)'
# one fetch at a time (they share the download folder and its log), also under make -j
$(LIBS_SRC)/openssl.version: $(LIBS_SRC)/apt/updated $(call pin_changed,openssl,$(OPENSSL_DEB_VERSION)) | $(LIBS_SRC)/gmp.version
	mk/fetch-source.sh $(LIBS_SRC) openssl '$(OPENSSL_DEB_VERSION)'

# The +dfsg tarball has no doc/, but the generated Makefile.in and configure still name it
# (Debian fixes Makefile.am and reruns autoreconf). The same edit in the generated files, applied
# to the pristine tree so stock and dot share it; grep proves each edit took.
$(LIBS_SRC)/gmp.ready: $(LIBS_SRC)/gmp.version
	cd $(LIBS_SRC)/gmp && test ! -d doc && \
	sed -i '/^SUBDIRS = /s/ doc$$//' Makefile.in && ! grep -q '^SUBDIRS = .* doc' Makefile.in && \
	sed -i '/^ac_config_files=/s| doc/Makefile||' configure && ! grep -q '^ac_config_files=.*doc/Makefile' configure
	touch $@
$(LIBS_SRC)/openssl.ready: $(LIBS_SRC)/openssl.version
	touch $@

# ---- the variant matrix --------------------------------------------------------------------
# The scripts are idempotent (cache keys), so they run every time and touch nothing when current.
# NPROC variants build at once (each with make -j NPROC): GMP's configure runs on one core for a
# minute, so two builds side by side keep both cores busy. The scripts lock per variant and share
# the patched tree under a lock (mk/variant-build.sh); xargs fails when any build fails.
libs-gmp: $(LIBS_SRC)/gmp.ready $(DOT_A) | deps
	@printf '%s\n' $(GMP_VARIANTS) | $(LIBS_ENV) DEB_VERSION=$$(cat $(LIBS_SRC)/gmp.version) \
	  xargs -P $(NPROC) -I{} nice -n 10 gmp-patch/build.sh {} $(LIBS_SRC)/gmp $(BUILD)
# OpenSSL in two chains, stock then dot, stock-noasm then dot-noasm: a dot variant takes the objects
# its stock twin compiled the same way (openssl-patch/from-stock.py), so the twin builds first.
OPENSSL_CHAINS := stock,dot stock-noasm,dot-noasm
libs-openssl: $(LIBS_SRC)/openssl.ready $(DOT_A) | deps
	@printf '%s\n' $(OPENSSL_CHAINS) | $(LIBS_ENV) DEB_VERSION=$$(cat $(LIBS_SRC)/openssl.version) \
	  xargs -P $(NPROC) -I{} sh -c 'for v in $$(echo {} | tr , " "); do \
	    nice -n 10 openssl-patch/build.sh "$$v" "$$0" "$$1" || exit 1; done' $(LIBS_SRC)/openssl $(BUILD)

# ---- tests ---------------------------------------------------------------------------------
# Each suite's pass is remembered next to the build it checked (the stamp is older than a rebuilt
# manifest, so a rebuild reruns it).
test-libs-gmp: $(foreach v,dot dot-noasm,$(BUILD)/obj/gmp/$(v)/check.ok $(BUILD)/obj/gmp/$(v)/window.ok) \
  $(BUILD)/obj/gmp/dot/try.ok
$(BUILD)/obj/gmp/%/check.ok: libs-gmp
	@if [ ! -f $@ ] || [ $(BUILD)/gmp/$*/manifest.json -nt $@ ]; then \
	  echo "gmp/$*: make check"; \
	  NPROC=$(NPROC) nice -n 10 gmp-patch/check.sh $(BUILD)/obj/gmp/$* && touch $@; fi
# the products under the extreme DOT_BASECASE windows, with the programs make check built
$(BUILD)/obj/gmp/%/window.ok: $(BUILD)/obj/gmp/%/check.ok
	@if [ ! -f $@ ] || [ $(BUILD)/gmp/$*/manifest.json -nt $@ ]; then \
	  echo "gmp/$*: products under the extreme schoolbook windows"; \
	  nice -n 10 gmp-patch/window-check.sh $(BUILD)/obj/gmp/$* && touch $@; fi
# after the dot tree's make check: both build in its tests/ folder; then the guard's planted
# controls (a guarded try must fault on an overread and on a write to a source)
$(BUILD)/obj/gmp/dot/try.ok: libs-gmp $(BUILD)/obj/gmp/dot/check.ok
	@if [ ! -f $@ ] || [ $(BUILD)/gmp/dot/manifest.json -nt $@ ]; then \
	  echo "gmp/dot: tests/devel/try"; \
	  NPROC=$(NPROC) nice -n 10 gmp-patch/try.sh $(BUILD)/obj/gmp/dot && \
	  gmp-patch/test/try-guard.sh $(BUILD)/obj/gmp/dot && touch $@; fi

test-libs-openssl: $(foreach v,dot dot-noasm,$(BUILD)/obj/openssl/$(v)/tests.ok)
$(BUILD)/obj/openssl/%/tests.ok: libs-openssl
	@if [ ! -f $@ ] || [ $(BUILD)/openssl/$*/manifest.json -nt $@ ]; then \
	  echo "openssl/$*: BN/RSA/DH/DSA recipes"; \
	  NPROC=$(NPROC) nice -n 10 openssl-patch/check.sh $(BUILD)/obj/openssl/$* && touch $@; fi

# Patches apply exactly as written (patch --fuzz=0), shown on a planted tree with a hunk that
# needs fuzz; libcrypto.a takes from the shared build only objects compiled the same way.
test-libs-patch:
	@echo "== patched trees take no fuzz (mk/test-patched-tree.sh)"
	@mk/test-patched-tree.sh
	@echo "== libcrypto.a shares only identical compilations (openssl-patch/test/share-objects.sh)"
	@openssl-patch/test/share-objects.sh
	@echo "== a dot variant takes from stock only identical compilations (openssl-patch/test/from-stock.sh)"
	@openssl-patch/test/from-stock.sh

# what the dot variants took from stock is, byte for byte, what their own recipes make
.PHONY: test-libs-from-stock
test-libs: test-libs-from-stock
test-libs-from-stock: libs-openssl
	@openssl-patch/test/from-stock.sh $(BUILD)

# A pin the mirror does not have must stop the build with the version named, never fall back to
# another version (the planted pin fails at apt-get source, before anything is replaced).
PLANTED_PIN := 2:0.0-planted
test-libs-pin: $(LIBS_SRC)/apt/updated
	@echo "== a planted unfetchable pin (gmp $(PLANTED_PIN)) must stop the fetch"
	@status=0; out=$$(mk/fetch-source.sh $(LIBS_SRC) gmp '$(PLANTED_PIN)' 2>&1) || status=$$?; \
	case "$$status $$out" in "1 fetch-source.sh: gmp $(PLANTED_PIN), the pinned source version, is not fetchable"*) \
	  echo "planted pin: refused with its version named (exit 1)";; \
	  *) echo "libs.mk: the planted pin was not refused as it should be (exit $$status): $$out" >&2; exit 1;; esac

# Runs every time: cheap, and it is the check that the dot variants really reach libdot.
test-libs-calls: libs-gmp libs-openssl
	gmp-patch/calls.sh gmp $(BUILD)
	gmp-patch/calls.sh openssl $(BUILD)

# gmp-patch/sizes.sh and swap.sh (they drive build/harness/gmpbench_native)
test-libs-diagnostics: libs-gmp java-native
	gmp-patch/test/diagnostics.sh

# ---- the layout controls: stock's code at other addresses (mk/layout-shift.sh) ---------------
# build/gmp/stock~shift and build/openssl/stock~shift, stock relinked from its own objects with
# padding (SHIFT_BYTES, mk/layout-shift.sh's last argument); the harness runs them only when named
# (--variants stock,dot,stock~shift) and pairs each with stock: what its ratios span is what code
# placement alone does to each test on this machine. The default, mod64:32, moves every function
# by half a 64-byte line (all but the handful in objects aligned to 64): a whole shift leaves
# every function after the first such object at its offset modulo 64, the placement that moved
# rsa by 1-2% on the Intel VM (results/MEASUREMENTS.md).
SHIFT_BYTES ?= mod64:32
.PHONY: libs-shift libs-gmp-shift libs-openssl-shift test-libs-shift
libs-shift: libs-gmp-shift libs-openssl-shift
libs-gmp-shift: libs-gmp
	mk/layout-shift.sh gmp $(BUILD)/obj/gmp/stock $(BUILD)/gmp/stock '$(BUILD)/gmp/stock~shift' $(SHIFT_BYTES)
	mk/layout-check.sh $(BUILD)/gmp/stock/lib/libgmp.so '$(BUILD)/gmp/stock~shift/lib/libgmp.so'
libs-openssl-shift: libs-openssl
	mk/layout-shift.sh openssl $(BUILD)/obj/openssl/stock $(BUILD)/openssl/stock '$(BUILD)/openssl/stock~shift' $(SHIFT_BYTES)
	mk/layout-check.sh $(BUILD)/openssl/stock/lib/libcrypto.so '$(BUILD)/openssl/stock~shift/lib/libcrypto.so'
test-libs: test-libs-shift
test-libs-shift: libs-gmp libs-openssl
	@echo "== the layout controls are stock's code moved; the check fails on a copy and on dot (mk/test-layout-shift.sh)"
	@mk/test-layout-shift.sh $(BUILD)

# Instruction-count workloads per patched library (dot/test/icount/lib_workload.c), added to the
# gate of dot/dot.mk (make test-icount; refresh on purpose with make icount-baseline): each
# patched GMP and OpenSSL variant, with libdot forced to each ISA valgrind can run.
ICOUNT_LIB_VARIANTS := dot dot-noasm
ICOUNT_LIB_ISAS := scalar avx2
ICOUNT_LIB_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -I$(DOT_DIR)/test
# $(1) gmp|openssl  $(2) variant  $(3) isa  $(4) -DLIB_... $(5) the library to link
define icount_lib_workload
$(DOT_OUT)/icount/lib-$(1)-$(2)-$(3): $(DOT_DIR)/test/icount/lib_workload.c $(DOT_DIR)/test/common/check.c $(DOT_DIR)/test/common/check.h mk/libs.mk | libs-$(1)
	@mkdir -p $$(@D)
	$$(CC) $(ICOUNT_LIB_CFLAGS) $(4) -DVARIANT='"$(2)"' -DISA='"$(3)"' -I$(BUILD)/$(1)/$(2)/include -o $$@ $$< \
	  $(DOT_DIR)/test/common/check.c -L$(BUILD)/$(1)/$(2)/lib -Wl,-rpath,$(CURDIR)/$(BUILD)/$(1)/$(2)/lib $(5)
ICOUNT_WORKLOADS += $(DOT_OUT)/icount/lib-$(1)-$(2)-$(3)
endef
$(foreach v,$(ICOUNT_LIB_VARIANTS),$(foreach i,$(ICOUNT_LIB_ISAS),\
  $(eval $(call icount_lib_workload,gmp,$(v),$(i),-DLIB_GMP,-lgmp))\
  $(eval $(call icount_lib_workload,openssl,$(v),$(i),-DLIB_OPENSSL,-lcrypto))))
# stock GMP and OpenSSL beside them, so the baseline shows what the patches add to the
# libraries' own cost (and relations.tsv can bound it)
$(eval $(call icount_lib_workload,gmp,stock,none,-DLIB_GMP,-lgmp))
$(eval $(call icount_lib_workload,openssl,stock,none,-DLIB_OPENSSL,-lcrypto))

# The paper's Figure 3(c) instruction counts (dot/test/icount/fig3c.py): per-call valgrind counts
# of mpn_add_n/mpn_sub_n and BN_uadd/BN_usub at the paper's 12 sizes, every stock and dot build,
# libdot at the ISAs valgrind runs, written as a result file (suite "icount"). The builds are
# those under ICOUNT_FIG3C_LIBS (default: this checkout's, built first).
ICOUNT_FIG3C_LIBS ?= $(BUILD)
ICOUNT_FIG3C_RESULT ?= $(BUILD)/results/icount-fig3c-$(shell date -u +%Y%m%dT%H%M%SZ).json
.PHONY: icount-fig3c test-icount-fig3c
icount-fig3c: $(if $(filter $(BUILD),$(ICOUNT_FIG3C_LIBS)),libs-gmp libs-openssl)
	CC=$(CC) dot/test/icount/fig3c.py --libs $(ICOUNT_FIG3C_LIBS) --out $(ICOUNT_FIG3C_RESULT)
# planted: valgrind runs no AVX-512, so a count asked for at avx512 must be refused (libdot refuses
# the ISA, or the marker names another), never labelled avx512; and no result may be written
test-icount-fig3c: $(if $(filter $(BUILD),$(ICOUNT_FIG3C_LIBS)),libs-gmp libs-openssl)
	@echo "== fig3c.py refuses a count whose ISA did not run (avx512 under valgrind)"
	@status=0; out=$$(CC=$(CC) dot/test/icount/fig3c.py --libs $(ICOUNT_FIG3C_LIBS) --isas avx512 \
	  --work $(DOT_OUT)/icount/fig3c-planted --out $(DOT_OUT)/icount/fig3c-planted.json 2>&1) || status=$$?; \
	case "$$status $$out" in 1*"DOT_ISA=avx512"*) \
	  echo "planted avx512: refused (exit 1)";; \
	  *) echo "libs.mk: fig3c.py labelled or failed otherwise (exit $$status): $$out" >&2; exit 1;; esac; \
	test ! -e $(DOT_OUT)/icount/fig3c-planted.json || { echo "libs.mk: a refused run wrote a result" >&2; exit 1; }
TEST_TARGETS += test-icount-fig3c

# libdot's dot_powm and dot_powm_rr against stock OpenSSL's BN_mod_exp_mont with a Montgomery
# context, in one process (openssl-patch/test/bench_exp_mont.c): the table behind dot_powm_rr's
# rule. Not timed in make test; test-libs runs it once with a few samples for its result check.
BENCH_EXP_MONT := $(BUILD)/obj/openssl/bench_exp_mont
$(BENCH_EXP_MONT): openssl-patch/test/bench_exp_mont.c $(DOT_A) $(DOT_DIR)/include/dot.h | libs-openssl
	$(CC) -O2 -Wall -I$(DOT_DIR)/include -I$(BUILD)/openssl/stock/include -o $@ $< $(DOT_A) \
	  -L$(BUILD)/openssl/stock/lib -Wl,-rpath,$(CURDIR)/$(BUILD)/openssl/stock/lib -lcrypto
.PHONY: bench-exp-mont test-libs-exp-mont
bench-exp-mont: $(BENCH_EXP_MONT)
	$(BENCH_EXP_MONT)
test-libs: test-libs-exp-mont
test-libs-exp-mont: $(BENCH_EXP_MONT)
	@echo "== bench_exp_mont: libdot's exponentiations agree with stock OpenSSL's (3 samples a cell)"
	@$(BENCH_EXP_MONT) 3 > $(BUILD)/obj/openssl/bench_exp_mont.out
