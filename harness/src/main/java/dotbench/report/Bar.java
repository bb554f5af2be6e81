package dotbench.report;

import dotbench.stats.RatioEstimate;

/** One bar of an improvement chart: a label, which series (colour) it belongs to, its ratio and CI. */
record Bar(String label, int series, RatioEstimate ratio) {}
