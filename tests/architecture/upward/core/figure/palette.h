#pragma once
#include "core/util/numbers.h"
