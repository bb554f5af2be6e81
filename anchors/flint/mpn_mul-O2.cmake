# Included by anchors/flint/build.sh right after FLINT's project() (CMAKE_PROJECT_INCLUDE).
# GCC 12 (Debian bookworm) cannot compile fft_small/mpn_mul.c with FLINT's own flags: at -O3 or
# with -funroll-loops, the inlined 8-limb addition of crt_helpers.h (16 operands besides 8 outputs)
# fails with "'asm' operand has impossible constraints". That one file gets -O2 -fno-unroll-loops
# (after the target's flags, so they win); every other file keeps FLINT's flags.
set_source_files_properties(${CMAKE_SOURCE_DIR}/src/fft_small/mpn_mul.c
  PROPERTIES COMPILE_OPTIONS "-O2;-fno-unroll-loops")
