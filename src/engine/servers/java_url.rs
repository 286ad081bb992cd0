//! OpenJDK 17.0.15's `java.net.URL` and `URLStreamHandler.parseURL`, modelled.
