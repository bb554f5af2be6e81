#include "aors.h"

DOT_DEFINE_AORS(avx512, add_n, DOT_OP_ADD)
DOT_DEFINE_AORS_CT(avx512_mask, add_n, DOT_OP_ADD)
