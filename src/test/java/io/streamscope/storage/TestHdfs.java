package io.streamscope.storage;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * One real HDFS (Hadoop's MiniDFSCluster: a name node and a data node, every port on 127.0.0.1) for every remote test
 * of the JVM: it takes 12–21 s to start, so it starts once, on first use, and stops when the JVM ends. Tests copy
 * what they read into it with their own client; the product only ever reads.
 */
public final class TestHdfs {

    private static MiniDFSCluster cluster;

    private TestHdfs() {
    }

    /**
     * The name node's and data node's web servers (Jetty) unpack their pages into {@code java.io.tmpdir}, in
     * {@code jetty-<host>-<port>-hadoop-…} folders; the cluster's shutdown in this hook does not get as far as removing
     * them, and one was left after every test run.
     */
    private static void deleteWebFolders(List<Integer> ports) {
        try (java.util.stream.Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            entries.filter(entry -> {
                String name = entry.getFileName().toString();
                return name.startsWith("jetty-") && ports.stream().anyMatch(port -> name.contains("-" + port + "-hadoop-"));
            }).forEach(io.streamscope.TempTree::delete);
        } catch (IOException e) {
            System.err.println("could not list " + System.getProperty("java.io.tmpdir") + ": " + e);
        }
    }

    public static synchronized MiniDFSCluster cluster() {
        if (cluster == null) {
            try {
                Path base = Files.createTempDirectory("streamscope-minidfs");
                Configuration conf = new Configuration();
                for (String address : List.of("dfs.namenode.http-address", "dfs.namenode.https-address",
                        "dfs.namenode.secondary.http-address", "dfs.namenode.secondary.https-address",
                        "dfs.namenode.backup.address", "dfs.namenode.backup.http-address", "dfs.datanode.address",
                        "dfs.datanode.http.address", "dfs.datanode.https.address", "dfs.datanode.ipc.address",
                        "dfs.journalnode.rpc-address", "dfs.journalnode.http-address")) {
                    conf.set(address, "127.0.0.1:0");
                }
                conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
                conf.set("dfs.namenode.servicerpc-bind-host", "127.0.0.1");
                conf.set("dfs.namenode.http-bind-host", "127.0.0.1");
                conf.setBoolean("dfs.permissions.enabled", false);
                conf.setInt("dfs.replication", 1);
                // Closing a file waits for the data node's block report, 400 ms and more a file by default; the tests lay
                // a thousand small files.
                conf.setInt("dfs.namenode.file.close.num-committed-allowed", 1);
                conf.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 10);
                conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.toString());
                MiniDFSCluster started = new MiniDFSCluster.Builder(conf, base.toFile()).numDataNodes(1)
                        .nameNodePort(0).checkExitOnShutdown(false).build();
                started.waitActive();
                cluster = started;
                List<Integer> webPorts = List.of(started.getNameNode().getHttpAddress().getPort(),
                        started.getDataNodes().get(0).getInfoPort());
                io.streamscope.TempTree.deleteAtExit(base, () -> {
                    try {
                        started.shutdown(); // may throw: Hadoop's own shutdown hooks run beside this one
                    } finally {
                        deleteWebFolders(webPorts);
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the in-process HDFS", e);
            }
        }
        return cluster;
    }

    /** {@code hdfs://127.0.0.1:PORT}. */
    public static String uri() {
        return "hdfs://127.0.0.1:" + cluster().getNameNodePort();
    }

    /** The test's own client, for laying files into the cluster. */
    public static FileSystem client() {
        try {
            return cluster().getFileSystem();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code sample} (a two-partition aggregation) copied to {@code target} as if it ran with {@code partitions}
     * shuffle partitions: partition p holds the delta files of partition p % 2, and the operator metadata and the
     * offsets' conf say {@code partitions}.
     */
    public static void layWide(Path sample, String target, int partitions) throws Exception {
        copy(sample, target);
        FileSystem fs = client();
        List<Path> saying2 = new java.util.ArrayList<>(List.of(sample.resolve("state/0/_metadata/metadata")));
        try (Stream<Path> offsets = Files.list(sample.resolve("offsets"))) {
            offsets.filter(file -> !file.getFileName().toString().startsWith(".")).forEach(saying2::add);
        }
        for (Path file : saying2) {
            String text = Files.readString(file).replace("\"numPartitions\":2", "\"numPartitions\":" + partitions)
                    .replace("\"spark.sql.shuffle.partitions\":\"2\"", "\"spark.sql.shuffle.partitions\":\"" + partitions + "\"");
            try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(target + "/" + sample.relativize(file)), true)) {
                out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<?>> copies = new java.util.ArrayList<>();
            for (int partition = 2; partition < partitions; partition++) {
                Path from = sample.resolve("state/0/" + (partition % 2));
                for (String delta : List.of("1.delta", "2.delta", "3.delta")) {
                    org.apache.hadoop.fs.Path to = new org.apache.hadoop.fs.Path(target + "/state/0/" + partition + "/" + delta);
                    copies.add(pool.submit(() -> {
                        try (FSDataOutputStream out = fs.create(to, true)) {
                            Files.copy(from.resolve(delta), out);
                        }
                        return null;
                    }));
                }
            }
            for (java.util.concurrent.Future<?> copy : copies) {
                copy.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Copies a local folder byte for byte (hidden {@code .crc} files too) to {@code target} in the cluster, several
     * files at once: a file's close waits on the data node, not on the CPU.
     */
    public static void copy(Path local, String target) throws IOException {
        FileSystem fs = client();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(local)) {
            files = walk.toList();
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<?>> copies = new java.util.ArrayList<>();
            for (Path file : files) {
                String relative = local.relativize(file).toString().replace('\\', '/');
                org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(target + (relative.isEmpty() ? "" : "/" + relative));
                if (Files.isDirectory(file)) {
                    fs.mkdirs(remote);
                } else {
                    copies.add(pool.submit(() -> {
                        try (FSDataOutputStream out = fs.create(remote, true)) {
                            Files.copy(file, out);
                        }
                        return null;
                    }));
                }
            }
            for (java.util.concurrent.Future<?> copy : copies) {
                copy.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while copying into HDFS", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException("cannot copy into HDFS: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
