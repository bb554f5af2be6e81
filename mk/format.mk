# Code formatting as a habit: one style per language, applied by a command, checked by `make test`.
#
#   make format         rewrite every hand-written source file in its language's style
#   make format-check   fail, listing the files, if `make format` would change any (the last step
#                       of `make test`, so a formatting slip does not keep the suites from running)
#
# Each language adds its half as prerequisites of format and format-check: the C half is here
# (.clang-format at the root, clang-format 16 from Debian), the Java half in mk/java.mk
# (format: java-format, format-check: java-lint).
APT_PACKAGES += clang-format-16
CLANG_FORMAT := clang-format-16
# hand-written C: libdot and its tests, benchmarks and tune step, and the C programs and helpers of
# the anchors, patches, bindings, harness and JMH modules
FORMAT_C_DIRS := dot anchors bindings/src/test/c gmp-patch/test openssl-patch/test openssl-patch/ntt harness/src/main/c jmh/src/main/c
# data rows (the crossovers as `make tune` prints them, the measured mul choice) stay one a line
FORMAT_C_EXCLUDE := dot/src/crossover_table.h dot/src/mul_table.h
FORMAT_C_FILES = $(sort $(filter-out $(FORMAT_C_EXCLUDE),$(shell find $(FORMAT_C_DIRS) -name '*.[ch]')))

.PHONY: format format-check format-c format-c-check
format: format-c
format-check: format-c-check

format-c: | deps
	@$(CLANG_FORMAT) -i $(FORMAT_C_FILES)
	@echo "format-c: $(words $(FORMAT_C_FILES)) C files in the style of .clang-format"

# The control first: a planted misformatted line must be reported under the project's style (a
# check that cannot see a misformatted file would pass anything).
format-c-check: | deps
	@echo "== C formatting (.clang-format, $(CLANG_FORMAT))"
	@if printf 'int  planted( void ){return 0;}\n' | \
	    $(CLANG_FORMAT) --dry-run --Werror --assume-filename=dot/src/planted.c >/dev/null 2>&1; then \
	  echo "format.mk: the planted misformatted line passed the check: it checks nothing" >&2; exit 1; fi
	@bad=; for f in $(FORMAT_C_FILES); do \
	  $(CLANG_FORMAT) --dry-run --Werror "$$f" >/dev/null 2>&1 || bad="$$bad $$f"; done; \
	if [ -n "$$bad" ]; then \
	  echo "format-check: not in the style of .clang-format ($$(echo $$bad | wc -w); run make format):$$bad" >&2; exit 1; fi; \
	echo "format-c-check: $(words $(FORMAT_C_FILES)) C files formatted; the planted misformatted line was caught"

# No hand-written file over 400 lines (mk/file-size.sh: what it checks, and each exemption with its
# reason). The planted control runs first: a 401-line file must be reported, one of exactly 400
# lines must pass.
.PHONY: test-file-size
test-file-size:
	@echo "== file sizes: no hand-written file over 400 lines"
	@mk/file-size.sh --control
	@mk/file-size.sh
TEST_TARGETS += test-file-size
