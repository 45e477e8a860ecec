fn main() {
    println!("cargo:rerun-if-changed=include/tinyhash.h");
    bindgen::Builder::default()
        .header("include/tinyhash.h")
        .generate()
        .expect("bindgen")
        .write_to_file("src/bindings/mod.rs")
        .expect("write bindings");
}
