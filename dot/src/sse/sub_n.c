#include "aors.h"

DOT_DEFINE_AORS(sse, sub_n, DOT_OP_SUB)
