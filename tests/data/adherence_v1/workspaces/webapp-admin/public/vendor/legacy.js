/* vendored: legacy charting shim, do not modify */
window.legacyChart = function () {};
