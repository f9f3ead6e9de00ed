/* The C ABI of a native library made by exir-mlir (`exir-mlir compile model.pt2 -o model.so`).
 *
 * Every library exports the same functions; what differs between models is told by the query
 * functions (and summarized in the comment block and macros that the generated model.h appends).
 *
 * Lifetime and ownership:
 * - exir_create() makes an instance: its own copy of the model's buffers (mutable state, which
 *   buffer mutations update across runs) over the read-only weights (embedded in the library, or
 *   mapped from the side file written by `--weights external`), and what the program computes
 *   from the weights alone (weights packed into panels for the matmul kernel), computed once here,
 *   per instance (as much memory again as those weights). exir_destroy() frees it.
 * - exir_set_input() records a pointer to the caller's memory (no copy): it must stay valid and
 *   unchanged until exir_run() returns. Inputs the program mutates (user_input_mutation) are
 *   written back into that memory by exir_run().
 * - Outputs: exir_get_output() returns memory owned by the instance, valid until the next
 *   exir_run() or exir_destroy() of that instance. exir_take_output() hands ownership of an
 *   output to the caller, who frees it with exir_free().
 * - Shapes and strides are in elements. Inputs must be row-major contiguous (strides NULL, or the
 *   contiguous strides; any stride is accepted for a dim of size 1): other layouts are refused
 *   with EXIR_ERR_LAYOUT. Outputs may be strided: read their strides.
 * - Threads: distinct instances may run concurrently in distinct threads. One instance used from
 *   two threads at once is refused: the second call returns EXIR_ERR_BUSY.
 * - Every function that can fail returns an exir_status; exir_last_error(instance) (or
 *   exir_last_error(NULL) after a failed exir_create) describes the last failure in that instance.
 */
#ifndef EXIR_MODEL_API_H
#define EXIR_MODEL_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EXIR_ABI_VERSION 1

typedef enum {
  EXIR_OK = 0,
  EXIR_ERR_ARGUMENT = 1, /* a bad index, NULL pointer or a missing input */
  EXIR_ERR_DTYPE = 2,    /* an input of the wrong dtype */
  EXIR_ERR_SHAPE = 3,    /* wrong rank, a size other than the static one, out of range, inconsistent dims */
  EXIR_ERR_LAYOUT = 4,   /* an input that is not row-major contiguous */
  EXIR_ERR_STATE = 5,    /* an output read before a run */
  EXIR_ERR_BUSY = 6,     /* the instance is in use by another thread */
  EXIR_ERR_MEMORY = 7,   /* out of memory */
  EXIR_ERR_WEIGHTS = 8,  /* the weights file is missing, unreadable, or of another build */
  EXIR_ERR_CPU = 9,      /* this CPU lacks an instruction set extension the code was compiled for */
  EXIR_ERR_INDEX = 10    /* a run-time check failed: an index out of range (torch's IndexError), a torch._check or a linalg error (RuntimeError); no outputs */
} exir_status;

/* Element types, numbered as ELEMENT_TYPES in exir_mlir/abi.py (1-based). */
typedef enum {
  EXIR_F16 = 1, EXIR_BF16 = 2, EXIR_F32 = 3, EXIR_F64 = 4, EXIR_BOOL = 5, EXIR_I8 = 6, EXIR_U8 = 7,
  EXIR_I16 = 8, EXIR_I32 = 9, EXIR_I64 = 10, EXIR_C64 = 11, EXIR_C128 = 12,
  EXIR_U16 = 13, EXIR_U32 = 14, EXIR_U64 = 15
} exir_dtype;

typedef struct exir_instance exir_instance;

/* Identity: the ABI version, and a fixed string that says the library is ours. */
uint32_t exir_abi_version(void);
const char *exir_library_kind(void); /* "exir-mlir native library" */
const char *exir_model_name(void);
size_t exir_dtype_size(int dtype);   /* bytes per element (bool: 1), 0 for an unknown code */

/* Inputs and outputs. A scalar input (a SymInt of the exported program) is a rank-0 input. */
int exir_num_inputs(void);
int exir_num_outputs(void);
const char *exir_input_name(int i);   /* NULL for a bad index */
int exir_input_dtype(int i);          /* exir_dtype, -1 for a bad index */
int exir_input_rank(int i);           /* -1 for a bad index */
int64_t exir_input_dim(int i, int d); /* the static size, or -1 where the dim is symbolic */
const char *exir_input_dim_expr(int i, int d); /* "s0", "s0 + 1", or the static size as text */
const char *exir_output_name(int i);
int exir_output_dtype(int i);
int exir_output_rank(int i);
int64_t exir_output_dim(int i, int d);
const char *exir_output_dim_expr(int i, int d);

/* Symbolic dims and the ranges the program was exported with (max -1: unbounded). */
int exir_num_symbols(void);
const char *exir_symbol_name(int k);
int64_t exir_symbol_min(int k);
int64_t exir_symbol_max(int k);

/* weights_path: the side file of a library built with `--weights external`; NULL looks for it
   next to the library (<library>.weights). Ignored when the weights are embedded. */
exir_status exir_create(const char *weights_path, exir_instance **out);
void exir_destroy(exir_instance *instance);

exir_status exir_set_input(exir_instance *instance, int i, void *data, int dtype, int rank,
                           const int64_t *shape, const int64_t *strides);
exir_status exir_run(exir_instance *instance);

/* shape and strides: arrays of exir_output_rank(i) elements, filled in (either may be NULL). */
exir_status exir_get_output(exir_instance *instance, int i, const void **data, int64_t *shape,
                            int64_t *strides);
exir_status exir_take_output(exir_instance *instance, int i, void **data, int64_t *shape,
                             int64_t *strides);
void exir_free(void *data);

const char *exir_last_error(const exir_instance *instance);

/* What the compiled code of this library allocated since it was loaded (all instances together):
 * *allocs every heap buffer it asked for, *mallocs those its buffer pool could not serve and
 * malloc'ed. A run at sizes seen before mallocs only the outputs it hands out. Either may be NULL. */
void exir_allocation_counts(int64_t *allocs, int64_t *mallocs);

#ifdef __cplusplus
}
#endif
#endif
