/* The model-independent part of a native library's C wrapper (see library_api.h).
 *
 * exir_mlir/codegen/library_c.py pastes this file between the model's tables (INPUTS, OUTPUTS,
 * SYMBOLS, STATE, ARGS, RESULTS and their counts) and the model's generated functions
 * (check_dims, invoke); it is not compiled on its own. */

#define EXIR_DESC_BYTES(rank) (24 + 16 * (rank))
#define EXIR_GLOBAL_MARKER ((uintptr_t)0xDEADBEEF) /* memref.get_global: not freeable */

struct exir_instance {
  void *in_data[NUM_INPUTS + 1];
  int64_t in_shape[NUM_INPUTS + 1][MAX_RANK + 1];
  int in_set[NUM_INPUTS + 1];
  const void *state[NUM_STATE + 1]; /* weights (read-only) or this instance's buffer copies */
  void *state_copy[NUM_STATE + 1];
  /* What the init function computed from the weights (exir_mlir/codegen/hoist_state.py: weights
     packed into panels), once, in exir_create; `hoisted_owned` is what exir_destroy frees. */
  const void *hoisted[NUM_HOISTED + 1];
  void *hoisted_owned[NUM_HOISTED + 1];
  _Alignas(16) unsigned char args[NUM_ARGS + 1][EXIR_DESC_BYTES(MAX_RANK)];
  _Alignas(16) unsigned char results[RESULTS_BYTES + 8];
  int have_results;
  void *owned[NUM_RESULTS + 1]; /* allocations of the last run this instance frees */
  int num_owned;
  int taken[NUM_OUTPUTS + 1];
  void *mapping;
  size_t mapping_bytes;
  int busy;
  char error[1024];
};

static __thread char exir_create_error[1024];

static exir_status exir_fail(exir_instance *inst, exir_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static exir_status exir_fail(exir_instance *inst, exir_status status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(inst ? inst->error : exir_create_error, sizeof(inst->error), fmt, ap);
  va_end(ap);
  return status;
}

static const size_t EXIR_DTYPE_SIZES[16] = {0, 2, 2, 4, 8, 1, 1, 1, 2, 4, 8, 8, 16, 2, 4, 8};
static const char *const EXIR_DTYPE_NAMES[16] = {
    "?", "f16", "bf16", "f32", "f64", "bool", "i8", "ui8", "i16", "i32", "i64", "complex<f32>", "complex<f64>",
    "ui16", "ui32", "ui64"};

uint32_t exir_abi_version(void) { return EXIR_ABI_VERSION; }
const char *exir_library_kind(void) { return "exir-mlir native library"; }
const char *exir_model_name(void) { return MODEL_NAME; }
size_t exir_dtype_size(int dtype) { return dtype >= 1 && dtype <= 15 ? EXIR_DTYPE_SIZES[dtype] : 0; }
static const char *exir_dtype_name(int dtype) { return dtype >= 1 && dtype <= 15 ? EXIR_DTYPE_NAMES[dtype] : "?"; }

int exir_num_inputs(void) { return NUM_INPUTS; }
int exir_num_outputs(void) { return NUM_OUTPUTS; }
int exir_num_symbols(void) { return NUM_SYMBOLS; }

#define EXIR_IO_QUERIES(kind, TABLE, COUNT)                                                        \
  const char *exir_##kind##_name(int i) { return i >= 0 && i < COUNT ? TABLE[i].name : NULL; }     \
  int exir_##kind##_dtype(int i) { return i >= 0 && i < COUNT ? TABLE[i].dtype : -1; }             \
  int exir_##kind##_rank(int i) { return i >= 0 && i < COUNT ? TABLE[i].rank : -1; }               \
  int64_t exir_##kind##_dim(int i, int d) {                                                        \
    return i >= 0 && i < COUNT && d >= 0 && d < TABLE[i].rank ? TABLE[i].dims[d] : -1;             \
  }                                                                                                \
  const char *exir_##kind##_dim_expr(int i, int d) {                                               \
    return i >= 0 && i < COUNT && d >= 0 && d < TABLE[i].rank ? TABLE[i].exprs[d] : NULL;          \
  }
EXIR_IO_QUERIES(input, INPUTS, NUM_INPUTS)
EXIR_IO_QUERIES(output, OUTPUTS, NUM_OUTPUTS)

const char *exir_symbol_name(int k) { return k >= 0 && k < NUM_SYMBOLS ? SYMBOLS[k].name : NULL; }
int64_t exir_symbol_min(int k) { return k >= 0 && k < NUM_SYMBOLS ? SYMBOLS[k].min : -1; }
int64_t exir_symbol_max(int k) { return k >= 0 && k < NUM_SYMBOLS ? SYMBOLS[k].max : -1; }

const char *exir_last_error(const exir_instance *inst) { return inst ? inst->error : exir_create_error; }

void exir_free(void *data) { free(data); }

static int exir_acquire(exir_instance *inst) { return __atomic_exchange_n(&inst->busy, 1, __ATOMIC_ACQUIRE) == 0; }
static void exir_release(exir_instance *inst) { __atomic_store_n(&inst->busy, 0, __ATOMIC_RELEASE); }

#define EXIR_BUSY(inst)                                                                            \
  exir_fail(inst, EXIR_ERR_BUSY,                                                                   \
            "the instance is in use by another thread: create one instance per thread")

/* ---- weights ---------------------------------------------------------------------------- */

/* The side file: a 64-byte header (magic, ABI version, build id, payload size), then the blob. */
static const char EXIR_WEIGHTS_MAGIC[8] = {'E', 'X', 'I', 'R', 'W', 'G', 'T', '1'};

static exir_status exir_map_weights(exir_instance *inst, const char *path, const unsigned char **blob) {
  char found[4096];
  if (!path) {
    Dl_info info;
    if (!dladdr((void *)&exir_map_weights, &info) || !info.dli_fname) {
      return exir_fail(NULL, EXIR_ERR_WEIGHTS, "cannot tell where this library is: pass the weights file to exir_create");
    }
    snprintf(found, sizeof(found), "%s.weights", info.dli_fname);
    path = found;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return exir_fail(NULL, EXIR_ERR_WEIGHTS,
                     "cannot open the weights file '%s' (%s): this library was built with `--weights external`; "
                     "keep the .weights file it wrote next to it, or pass its path to exir_create",
                     path, strerror(errno));
  }
  struct stat st;
  size_t expected = 64 + (size_t)WEIGHTS_BYTES;
  if (fstat(fd, &st) != 0 || (size_t)st.st_size != expected) {
    close(fd);
    return exir_fail(NULL, EXIR_ERR_WEIGHTS, "the weights file '%s' has %lld bytes, this library expects %zu: "
                     "it belongs to another build", path, (long long)st.st_size, expected);
  }
  void *map = mmap(NULL, expected, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED) {
    return exir_fail(NULL, EXIR_ERR_WEIGHTS, "cannot map the weights file '%s': %s", path, strerror(errno));
  }
  const unsigned char *header = (const unsigned char *)map;
  uint32_t abi;
  memcpy(&abi, header + 8, 4);
  if (memcmp(header, EXIR_WEIGHTS_MAGIC, 8) != 0 || abi != EXIR_ABI_VERSION ||
      memcmp(header + 16, BUILD_ID, 16) != 0) {
    munmap(map, expected);
    return exir_fail(NULL, EXIR_ERR_WEIGHTS,
                     "the weights file '%s' is not the one written with this library (another build or ABI version)", path);
  }
  inst->mapping = map;
  inst->mapping_bytes = expected;
  *blob = header + 64;
  return EXIR_OK;
}

/* The compiled code's buffer pool (exir_mlir/codegen/buffer_pool.py): frees the temporaries it
   keeps for the next run; instances share it, and a running one just mallocs what it needs. */
void _mlir_exir_pool_release(void);
int64_t _mlir_exir_pool_allocs(void);
int64_t _mlir_exir_pool_mallocs(void);

void exir_allocation_counts(int64_t *allocs, int64_t *mallocs) {
  if (allocs) *allocs = _mlir_exir_pool_allocs();
  if (mallocs) *mallocs = _mlir_exir_pool_mallocs();
}

void exir_destroy(exir_instance *inst) {
  if (!inst) return;
  _mlir_exir_pool_release();
  for (int k = 0; k < inst->num_owned; ++k) free(inst->owned[k]);
  for (int k = 0; k < NUM_STATE; ++k) free(inst->state_copy[k]);
  for (int k = 0; k < NUM_HOISTED; ++k) free(inst->hoisted_owned[k]);
  if (inst->mapping) munmap(inst->mapping, inst->mapping_bytes);
  free(inst);
}

exir_status exir_create(const char *weights_path, exir_instance **out) {
  if (!out) return exir_fail(NULL, EXIR_ERR_ARGUMENT, "exir_create: out is NULL");
  *out = NULL;
  const char *missing = exir_missing_cpu_feature();
  if (missing) {
    return exir_fail(NULL, EXIR_ERR_CPU,
                     "this CPU lacks %s, which the library's code uses (it was compiled for the CPU of the machine "
                     "that built it, %s): build the library on this machine, or with EXIR_MLIR_LLC_CPU set to an "
                     "llc CPU name this machine supports",
                     missing, BUILT_FOR);
  }
  exir_instance *inst = (exir_instance *)calloc(1, sizeof(exir_instance));
  if (!inst) return exir_fail(NULL, EXIR_ERR_MEMORY, "out of memory creating an instance");
  const unsigned char *blob = exir_embedded_weights();
  if (WEIGHTS_EXTERNAL && WEIGHTS_BYTES) {
    exir_status status = exir_map_weights(inst, weights_path, &blob);
    if (status != EXIR_OK) {
      free(inst);
      return status;
    }
  }
  for (int k = 0; k < NUM_STATE; ++k) {
    const unsigned char *data = blob + STATE[k].offset;
    if (STATE[k].is_buffer) {
      /* Buffers are this instance's mutable state: buffer mutations are written into the copy. */
      void *copy = malloc(STATE[k].nbytes ? STATE[k].nbytes : 1);
      if (!copy) {
        exir_destroy(inst);
        return exir_fail(NULL, EXIR_ERR_MEMORY, "out of memory copying buffer '%s'", STATE[k].name);
      }
      memcpy(copy, data, STATE[k].nbytes);
      inst->state_copy[k] = copy;
      inst->state[k] = copy;
    } else {
      inst->state[k] = data;
    }
  }
  exir_status status = exir_initialize(inst);
  if (status != EXIR_OK) {
    exir_destroy(inst);
    return status;
  }
  *out = inst;
  return EXIR_OK;
}

/* ---- inputs ----------------------------------------------------------------------------- */

exir_status exir_set_input(exir_instance *inst, int i, void *data, int dtype, int rank, const int64_t *shape,
                           const int64_t *strides) {
  if (!inst) return exir_fail(NULL, EXIR_ERR_ARGUMENT, "exir_set_input: the instance is NULL");
  if (!exir_acquire(inst)) return EXIR_BUSY(inst);
  exir_status status = EXIR_OK;
  if (i < 0 || i >= NUM_INPUTS) {
    status = exir_fail(inst, EXIR_ERR_ARGUMENT, "input index %d is out of range: the program has %d inputs", i, NUM_INPUTS);
    goto done;
  }
  const exir_io *spec = &INPUTS[i];
  inst->in_set[i] = 0;
  if (dtype != spec->dtype) {
    status = exir_fail(inst, EXIR_ERR_DTYPE, "input '%s' (argument %d) has dtype %s, but the program was compiled for %s",
                       spec->name, i, exir_dtype_name(dtype), exir_dtype_name(spec->dtype));
    goto done;
  }
  if (rank != spec->rank) {
    status = exir_fail(inst, EXIR_ERR_SHAPE, "input '%s' (argument %d) has rank %d, expected rank %d", spec->name, i,
                       rank, spec->rank);
    goto done;
  }
  if (rank > 0 && !shape) {
    status = exir_fail(inst, EXIR_ERR_ARGUMENT, "input '%s' (argument %d): shape is NULL", spec->name, i);
    goto done;
  }
  int64_t numel = 1;
  for (int d = 0; d < rank; ++d) {
    if (shape[d] < 0) {
      status = exir_fail(inst, EXIR_ERR_SHAPE, "input '%s' (argument %d) dim %d has a negative size %lld", spec->name,
                         i, d, (long long)shape[d]);
      goto done;
    }
    if (spec->dims[d] >= 0 && shape[d] != spec->dims[d]) {
      status = exir_fail(inst, EXIR_ERR_SHAPE,
                         "input '%s' (argument %d) dim %d has size %lld, but the program was compiled for size %lld",
                         spec->name, i, d, (long long)shape[d], (long long)spec->dims[d]);
      goto done;
    }
    numel *= shape[d];
  }
  if (strides) {
    int64_t step = 1;
    for (int d = rank - 1; d >= 0; --d) {
      if (shape[d] != 1 && strides[d] != step) {
        status = exir_fail(inst, EXIR_ERR_LAYOUT,
                           "input '%s' (argument %d) is not row-major contiguous (dim %d has stride %lld, expected "
                           "%lld): pass a contiguous copy",
                           spec->name, i, d, (long long)strides[d], (long long)step);
        goto done;
      }
      step *= shape[d];
    }
  }
  if (!data && (numel > 0 || rank == 0)) {
    status = exir_fail(inst, EXIR_ERR_ARGUMENT, "input '%s' (argument %d): data is NULL", spec->name, i);
    goto done;
  }
  inst->in_data[i] = data;
  for (int d = 0; d < rank; ++d) inst->in_shape[i][d] = shape[d];
  inst->in_set[i] = 1;
done:
  exir_release(inst);
  return status;
}

/* ---- calling the compiled function ------------------------------------------------------ */

/* A memref descriptor {allocated, aligned, offset, sizes[rank], strides[rank]} over contiguous memory. */
static void exir_fill_descriptor(unsigned char *desc, const void *data, int rank, const int64_t *shape) {
  int64_t *words = (int64_t *)desc;
  memcpy(desc, &data, sizeof(void *));
  memcpy(desc + 8, &data, sizeof(void *));
  words[2] = 0;
  int64_t step = 1;
  for (int d = rank - 1; d >= 0; --d) {
    words[3 + d] = shape[d];
    words[3 + rank + d] = step;
    step *= shape[d] > 1 ? shape[d] : 1;
  }
}

typedef struct {
  void *allocated;
  char *data; /* aligned + offset, in bytes */
  int rank;
  const int64_t *sizes;
  const int64_t *strides;
} exir_view;

static exir_view exir_result_view(exir_instance *inst, int r) {
  const unsigned char *desc = inst->results + RESULTS[r].offset;
  exir_view v;
  char *aligned;
  memcpy(&v.allocated, desc, sizeof(void *));
  memcpy(&aligned, desc + 8, sizeof(void *));
  int64_t offset;
  memcpy(&offset, desc + 16, 8);
  v.data = aligned + offset * (int64_t)exir_dtype_size(RESULTS[r].dtype);
  v.rank = RESULTS[r].rank;
  v.sizes = (const int64_t *)(desc + 24);
  v.strides = (const int64_t *)(desc + 24) + v.rank;
  return v;
}

static int64_t exir_numel(const exir_view *v) {
  int64_t n = 1;
  for (int d = 0; d < v->rank; ++d) n *= v->sizes[d];
  return n;
}

static int exir_is_contiguous(const exir_view *v) {
  int64_t step = 1;
  for (int d = v->rank - 1; d >= 0; --d) {
    if (v->sizes[d] != 1 && v->strides[d] != step) return 0;
    step *= v->sizes[d];
  }
  return 1;
}

static void exir_copy_strided(char *dst, const char *src, const int64_t *sizes, const int64_t *strides, int rank,
                              size_t elem, int64_t *written) {
  if (rank == 0) {
    memcpy(dst + *written * elem, src, elem);
    *written += 1;
    return;
  }
  for (int64_t k = 0; k < sizes[0]; ++k) {
    exir_copy_strided(dst, src + k * strides[0] * (int64_t)elem, sizes + 1, strides + 1, rank - 1, elem, written);
  }
}

/* Copy a view into contiguous memory. */
static void exir_copy_view(void *dst, const exir_view *v, size_t elem) {
  int64_t n = exir_numel(v);
  if (n == 0) return;
  if (exir_is_contiguous(v)) {
    memcpy(dst, v->data, (size_t)n * elem);
    return;
  }
  int64_t written = 0;
  exir_copy_strided((char *)dst, v->data, v->sizes, v->strides, v->rank, elem, &written);
}

/* Result r of the init function (its descriptor at `desc`) as this instance's hoisted value r: the
   allocation itself when it is a fresh contiguous one, else a contiguous copy (left NULL when out
   of memory: exir_initialize reports it). */
static void exir_hoisted_result(exir_instance *inst, int r, const unsigned char *desc, int rank, int dtype) {
  exir_view v;
  char *aligned;
  int64_t offset;
  memcpy(&v.allocated, desc, sizeof(void *));
  memcpy(&aligned, desc + 8, sizeof(void *));
  memcpy(&offset, desc + 16, 8);
  size_t elem = exir_dtype_size(dtype);
  v.data = aligned + offset * (int64_t)elem;
  v.rank = rank;
  v.sizes = (const int64_t *)(desc + 24);
  v.strides = (const int64_t *)(desc + 24) + rank;
  uintptr_t a = (uintptr_t)v.allocated;
  int fresh = a && a != EXIR_GLOBAL_MARKER;
  for (int k = 0; k < NUM_STATE && fresh; ++k) fresh = v.allocated != inst->state[k];
  for (int k = 0; k < r && fresh; ++k) fresh = v.allocated != inst->hoisted_owned[k];
  if (fresh && exir_is_contiguous(&v)) {
    inst->hoisted[r] = v.data;
    inst->hoisted_owned[r] = v.allocated;
    return;
  }
  int64_t n = exir_numel(&v);
  void *copy = malloc(n ? (size_t)n * elem : 1);
  if (copy) exir_copy_view(copy, &v, elem);
  if (fresh) free(v.allocated);
  inst->hoisted[r] = copy;
  inst->hoisted_owned[r] = copy;
}

static void exir_release_results(exir_instance *inst) {
  for (int k = 0; k < inst->num_owned; ++k) free(inst->owned[k]);
  inst->num_owned = 0;
  inst->have_results = 0;
  for (int k = 0; k < NUM_OUTPUTS; ++k) inst->taken[k] = 0;
}

static int exir_is_argument(exir_instance *inst, void *allocated) {
  for (int k = 0; k < NUM_ARGS; ++k) {
    void *p;
    if (ARGS[k].scalar) continue;
    memcpy(&p, inst->args[k], sizeof(void *));
    if (p == allocated) return 1;
  }
  return 0;
}

exir_status exir_run(exir_instance *inst) {
  if (!inst) return exir_fail(NULL, EXIR_ERR_ARGUMENT, "exir_run: the instance is NULL");
  if (!exir_acquire(inst)) return EXIR_BUSY(inst);
  exir_status status = EXIR_OK;
  exir_release_results(inst); /* a failed run leaves no outputs to read (never the previous run's) */
  for (int i = 0; i < NUM_INPUTS; ++i) {
    if (!inst->in_set[i]) {
      status = exir_fail(inst, EXIR_ERR_ARGUMENT, "input '%s' (argument %d) is not set: call exir_set_input first",
                         INPUTS[i].name, i);
      goto done;
    }
  }
  status = exir_check_dims(inst);
  if (status != EXIR_OK) goto done;
  for (int k = 0; k < NUM_ARGS; ++k) {
    if (ARGS[k].scalar) continue;
    const void *data = ARGS[k].is_state == 1   ? inst->state[ARGS[k].index]
                       : ARGS[k].is_state == 2 ? inst->hoisted[ARGS[k].index]
                                               : inst->in_data[ARGS[k].index];
    const int64_t *shape = ARGS[k].is_state ? ARGS[k].static_shape : inst->in_shape[ARGS[k].index];
    exir_fill_descriptor(inst->args[k], data, ARGS[k].rank, shape);
  }
  memset(inst->results, 0, sizeof(inst->results));
  /* The error slot of this run (exir_mlir/codegen/pipeline.py report_failed_asserts): a failed
     run-time check (an index out of range, a torch._check, a linalg error) stores a pointer to its
     NUL-terminated message here and the compiled code returns at once, before any op that would
     use the failed value. One slot per run, on this stack: concurrent runs of other instances
     never see each other's failure. */
  const char *check_failed = 0;
  exir_invoke(inst, &check_failed);
  /* A failed check: no outputs, no mutations; the results struct holds nothing valid then (the
     compiled code returned early, freeing what it had allocated), so none of it is read. */
  if (check_failed) {
    status = exir_fail(inst, EXIR_ERR_INDEX, "%s", check_failed);
    goto done;
  }
  /* Allocations of this run that the instance owns: malloc'ed by the compiled code, not an
     argument, not a constant; each once. */
  for (int r = 0; r < NUM_RESULTS; ++r) {
    exir_view v = exir_result_view(inst, r);
    uintptr_t a = (uintptr_t)v.allocated;
    if (!a || a == EXIR_GLOBAL_MARKER || exir_is_argument(inst, v.allocated)) continue;
    int seen = 0;
    for (int k = 0; k < inst->num_owned; ++k) seen |= inst->owned[k] == v.allocated;
    if (!seen) inst->owned[inst->num_owned++] = v.allocated;
  }
  /* Mutations: new values of buffers into this instance's copies, of inputs into the caller's memory. */
  for (int r = 0; r < NUM_RESULTS; ++r) {
    if (RESULTS[r].role == EXIR_ROLE_OUTPUT) continue;
    exir_view v = exir_result_view(inst, r);
    void *target = RESULTS[r].role == EXIR_ROLE_BUFFER ? inst->state_copy[RESULTS[r].index] : inst->in_data[RESULTS[r].index];
    if (target && target != (void *)v.data) exir_copy_view(target, &v, exir_dtype_size(RESULTS[r].dtype));
  }
  inst->have_results = 1;
done:
  exir_release(inst);
  return status;
}

/* ---- outputs ---------------------------------------------------------------------------- */

static exir_status exir_output_view(exir_instance *inst, int i, exir_view *v) {
  if (i < 0 || i >= NUM_OUTPUTS)
    return exir_fail(inst, EXIR_ERR_ARGUMENT, "output index %d is out of range: the program has %d outputs", i, NUM_OUTPUTS);
  if (!inst->have_results)
    return exir_fail(inst, EXIR_ERR_STATE, "no outputs: exir_run was not called, or the last call failed");
  if (inst->taken[i])
    return exir_fail(inst, EXIR_ERR_STATE, "output '%s' (%d) was taken by exir_take_output", OUTPUTS[i].name, i);
  *v = exir_result_view(inst, OUTPUT_RESULT[i]);
  return EXIR_OK;
}

exir_status exir_get_output(exir_instance *inst, int i, const void **data, int64_t *shape, int64_t *strides) {
  if (!inst) return exir_fail(NULL, EXIR_ERR_ARGUMENT, "exir_get_output: the instance is NULL");
  if (!exir_acquire(inst)) return EXIR_BUSY(inst);
  exir_view v;
  exir_status status = exir_output_view(inst, i, &v);
  if (status == EXIR_OK) {
    if (data) *data = v.data;
    for (int d = 0; d < v.rank; ++d) {
      if (shape) shape[d] = v.sizes[d];
      if (strides) strides[d] = v.strides[d];
    }
  }
  exir_release(inst);
  return status;
}

exir_status exir_take_output(exir_instance *inst, int i, void **data, int64_t *shape, int64_t *strides) {
  if (!inst) return exir_fail(NULL, EXIR_ERR_ARGUMENT, "exir_take_output: the instance is NULL");
  if (!data) return exir_fail(inst, EXIR_ERR_ARGUMENT, "exir_take_output: data is NULL");
  if (!exir_acquire(inst)) return EXIR_BUSY(inst);
  exir_view v;
  exir_status status = exir_output_view(inst, i, &v);
  if (status != EXIR_OK) goto done;
  int owner = -1, references = 0;
  for (int k = 0; k < inst->num_owned; ++k) owner = inst->owned[k] == v.allocated ? k : owner;
  for (int r = 0; r < NUM_RESULTS; ++r) {
    exir_view w = exir_result_view(inst, r);
    references += w.allocated == v.allocated;
  }
  if (owner >= 0 && references == 1 && v.data == (char *)v.allocated && exir_is_contiguous(&v)) {
    /* Hand over the allocation itself. */
    inst->owned[owner] = inst->owned[--inst->num_owned];
    *data = v.data;
  } else {
    /* Shared with another result, an argument or a constant, or strided: a contiguous copy. */
    size_t elem = exir_dtype_size(OUTPUTS[i].dtype);
    int64_t n = exir_numel(&v);
    void *copy = malloc(n ? (size_t)n * elem : 1);
    if (!copy) {
      status = exir_fail(inst, EXIR_ERR_MEMORY, "out of memory copying output '%s'", OUTPUTS[i].name);
      goto done;
    }
    exir_copy_view(copy, &v, elem);
    *data = copy;
  }
  int64_t step = 1;
  for (int d = v.rank - 1; d >= 0; --d) {
    if (shape) shape[d] = v.sizes[d];
    if (strides) strides[d] = step;
    step *= v.sizes[d] > 1 ? v.sizes[d] : 1;
  }
  inst->taken[i] = 1;
done:
  exir_release(inst);
  return status;
}
