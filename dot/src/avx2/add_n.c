#include "aors.h"

DOT_DEFINE_AORS(avx2, add_n, DOT_OP_ADD)
