package io.streamscope.storage;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

import java.io.IOException;

/**
 * {@link WriteFailingHdfs} whose listings and status calls each take {@code streamscope.bench.roundTripMs} more (the
 * Hadoop setting, 20 by default): an object store's round trip on the in-process HDFS, for {@code RemoteOpenBench}.
 */
public class SlowListingHdfs extends WriteFailingHdfs {

    private long roundTripMs = 20;
    private boolean slowOpens;

    @Override
    public void initialize(java.net.URI uri, org.apache.hadoop.conf.Configuration conf) throws IOException {
        super.initialize(uri, conf);
        roundTripMs = conf.getLong("streamscope.bench.roundTripMs", 20);
        slowOpens = conf.getBoolean("streamscope.bench.slowOpens", false);
    }

    @Override
    public FileStatus[] listStatus(Path folder) throws IOException {
        roundTrip();
        return super.listStatus(folder);
    }

    @Override
    public FileStatus getFileStatus(Path file) throws IOException {
        roundTrip();
        return super.getFileStatus(file);
    }

    /** With {@code streamscope.bench.slowOpens=true} a file's first bytes take a round trip too (an object's GET). */
    @Override
    public org.apache.hadoop.fs.FSDataInputStream open(Path file, int bufferSize) throws IOException {
        if (slowOpens) {
            roundTrip();
        }
        return super.open(file, bufferSize);
    }

    private void roundTrip() throws IOException {
        try {
            Thread.sleep(roundTripMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted");
        }
    }
}
