package io.streamscope.checkpoint.state;

/**
 * What a read that ran out of Java heap tells the user: how large this JVM's heap may grow, and how to give it more.
 * Every length read is bounded by the bytes there before anything is allocated for it, so running out means a
 * partition too large for the heap (a store with one partition of millions of keys) rather than a damaged length.
 */
public final class HeapLimit {

    private static final long MB = 1024 * 1024;
    private static final long GB = 1024 * MB;

    private HeapLimit() {
    }

    /** "the Java heap may grow to 512 MB here; give Java more, as JAVA_TOOL_OPTIONS=-Xmx2g". */
    public static String advice() {
        return advice(Runtime.getRuntime().maxMemory());
    }

    static String advice(long maxHeap) {
        long suggested = Math.max(2, (2 * maxHeap + GB - 1) / GB); // at least twice as much, in whole gigabytes
        return "the Java heap may grow to " + (maxHeap / MB) + " MB here; give Java more, as JAVA_TOOL_OPTIONS=-Xmx" + suggested + "g";
    }
}
