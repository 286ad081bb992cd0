//! The `url-inspector` binary: the window with no arguments, the command line
//! with a subcommand.

fn main() {
    std::process::exit(url_inspector::cli::main());
}
