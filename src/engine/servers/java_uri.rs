//! OpenJDK 17.0.15's `java.net.URI` (`java.base/share/classes/java/net/URI.java`), modelled.
