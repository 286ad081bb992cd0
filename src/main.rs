//! The `url-inspector` binary: the window with no arguments, the command line
//! with a subcommand.

/// mimalloc rather than the system's malloc: a `table` row asks every
/// resolver, each answer a handful of small strings made and dropped on the
/// worker threads, and glibc's malloc and free took a quarter of the time
/// of `table --resolvers all` (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(url_inspector::cli::main());
}
