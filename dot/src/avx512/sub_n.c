#include "aors.h"

DOT_DEFINE_AORS(avx512, sub_n, DOT_OP_SUB)
