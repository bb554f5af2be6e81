#include "aors.h"

DOT_DEFINE_AORS(avx512, add_n, DOT_OP_ADD)
