#include "aors.h"

DOT_DEFINE_AORS(avx2, sub_n, DOT_OP_SUB)
