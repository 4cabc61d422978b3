package io.streamscope.cli;

import io.streamscope.storage.TestHdfs;
import io.streamscope.storage.WriteFailingHdfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every sample read from a real HDFS (the in-process MiniDFSCluster) answers {@code inspect}, {@code state},
 * {@code replay}, {@code doctor}, {@code handover} and {@code watch} exactly as the same folder read locally, the paths
 * aside; and HDFS's client is one that fails on any
 * write call, so a write attempt anywhere in the reading fails the test.
 */
class RemoteCheckpointTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints").toAbsolutePath();
    private static final String REMOTE = "/samples";

    @BeforeAll
    static void copySamplesIntoHdfs() throws IOException {
        TestHdfs.copy(SAMPLES, REMOTE);
    }

    static Stream<String> samples() throws IOException {
        try (Stream<Path> folders = Files.list(SAMPLES)) {
            List<String> names = folders.filter(folder -> Files.exists(folder.resolve("metadata"))
                            || Files.isDirectory(folder.resolve("_spark_metadata")))
                    .map(folder -> folder.getFileName().toString()).sorted().toList();
            assertTrue(names.size() >= 20 && names.contains("shop-totals-rocksdb"), () -> "samples: " + names);
            return names.stream();
        }
    }

    @ParameterizedTest(name = "inspect {0}")
    @MethodSource("samples")
    void inspectReadsHdfsAsLocal(String sample) {
        assertSameAnswer("inspect", sample);
    }

    @ParameterizedTest(name = "state {0}")
    @MethodSource("samples")
    void stateReadsHdfsAsLocal(String sample) {
        assertSameAnswer("state", sample);
    }

    @ParameterizedTest(name = "replay {0}")
    @MethodSource("samples")
    void replayReadsHdfsAsLocal(String sample) {
        assertSameAnswer("replay", sample);
    }

    @ParameterizedTest(name = "doctor, handover and watch {0}")
    @MethodSource("samples")
    void theOtherCommandsReadHdfsAsLocal(String sample) {
        assertSameAnswer("doctor", sample);
        assertSameAnswer("handover", sample);
        assertSameAnswer("watch", sample, "--timeout", "0");
    }

    private static void assertSameAnswer(String command, String sample, String... flags) {
        WriteFailingHdfs.forget();
        List<String> localArgs = new java.util.ArrayList<>(List.of(command, SAMPLES.resolve(sample).toString()));
        localArgs.addAll(List.of(flags));
        CliRun local = CliRun.run(localArgs.toArray(String[]::new));
        String remoteRoot = TestHdfs.uri() + REMOTE;
        List<String> remoteArgs = new java.util.ArrayList<>(List.of(command, remoteRoot + "/" + sample,
                "--conf", "fs.hdfs.impl=" + WriteFailingHdfs.class.getName(),
                "--conf", "spark.hadoop.fs.hdfs.impl.disable.cache=true"));
        remoteArgs.addAll(List.of(flags));
        CliRun remote = CliRun.run(remoteArgs.toArray(String[]::new));
        assertEquals(List.of(), WriteFailingHdfs.attempts(), "write attempts");
        assertEquals(local.exitCode(), remote.exitCode(), () -> "exit code; remote stderr: " + remote.err());
        assertEquals(withoutRoot(local.out(), SAMPLES.toString()), withoutRoot(remote.out(), remoteRoot), "stdout");
        assertEquals(withoutRoot(local.err(), SAMPLES.toString()), withoutRoot(remote.err(), remoteRoot), "stderr");
        if (command.equals("inspect")) {
            assertTrue(local.exitCode() == 0 && remote.out().contains("\"batches\"") || remote.out().contains("fileSink"),
                    remote::err);
        }
    }

    /**
     * The folder the samples were read from, made one placeholder. A {@code file://} URI is data the checkpoint holds
     * (a file sink's log names the files the generator wrote), kept as it is: run from the generator's folder, it
     * starts with the local root too, and must read the same through HDFS.
     */
    private static String withoutRoot(String text, String root) {
        return text.replaceAll("(?<!file://)" + java.util.regex.Pattern.quote(root), "<samples>");
    }
}
