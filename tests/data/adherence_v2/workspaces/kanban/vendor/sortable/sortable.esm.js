/*! Sortable 1.15.0 (vendored) */
export default function Sortable(el, options) { this.el = el; this.options = options || {}; }
