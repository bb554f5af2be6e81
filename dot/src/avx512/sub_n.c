#include "aors.h"

DOT_DEFINE_AORS(avx512, sub_n, DOT_OP_SUB)
DOT_DEFINE_AORS_CT(avx512_mask, sub_n, DOT_OP_SUB)
