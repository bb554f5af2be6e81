#!/usr/bin/env bash
# A control for the script lint (mk/ci.mk): mistakes shellcheck must report.
dir=$1
rm -rf $dir/*
cd $dir
