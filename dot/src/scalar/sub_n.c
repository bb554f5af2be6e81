#include "aors.h"

DOT_DEFINE_AORS(scalar, sub_n, DOT_OP_SUB)
