/** Jest: a stylesheet a web module imports is nothing in a test (Vite bundles it for the browser). */
module.exports = {};
