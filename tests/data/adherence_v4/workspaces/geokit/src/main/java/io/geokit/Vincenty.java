package io.geokit;

/** Vincenty's inverse formula on the WGS84 ellipsoid. */
public final class Vincenty {
    private Vincenty() {}

    /** Returns the distance in metres between two points given in degrees. */
    public static double distance(double lat1, double lon1, double lat2, double lon2) {
        throw new UnsupportedOperationException("todo");
    }
}
