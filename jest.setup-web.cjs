require('@testing-library/jest-dom');

// A lazy page's first import compiles it (swc) inside the test: on a slow, busy CI machine
// that took over the default 1 s of a findBy*. Only a failing wait gets slower.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
