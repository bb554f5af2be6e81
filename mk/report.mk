# Reports and the regression comparison (results/README-report.md).
#
#   make report             HTML + Markdown report of every result file in results/ into build/report/
#   make compare BASE=a.json NEW=b.json   the regression gate between two runs (exit 10 on a regression)
#
# The report test renders the HTML in headless Chromium, so a fresh machine needs the package.
APT_PACKAGES += chromium
REPORT_OUT := $(BUILD)/report
REPORT_INPUTS ?= results
# the history whose trends (change points, GMPbench scopes) the report adds; empty for none
REPORT_HISTORY ?= results/history

.PHONY: report compare
report: java
	$(DOTBENCH) report --out-dir $(REPORT_OUT) $(REPORT_HISTORY:%=--history %) $(REPORT_INPUTS)

compare: java
	@test -n "$(BASE)" -a -n "$(NEW)" || { echo "usage: make compare BASE=base.json NEW=new.json [COMPARE_ARGS=--threshold 0.05]" >&2; exit 2; }
	$(DOTBENCH) compare $(COMPARE_ARGS) $(BASE) $(NEW)
