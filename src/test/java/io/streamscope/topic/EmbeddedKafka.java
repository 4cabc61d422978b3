package io.streamscope.topic;

import io.streamscope.TempTree;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A single-node Kafka broker in KRaft mode, in this JVM, on loopback only (toolchain.md §4b). Retention is off
 * ({@code log.retention.ms=-1}): the shop stream's records are dated 2026-01-22, and the default 7 days would delete
 * them. Topics are never created on demand. An optional second listener, {@code RELAY}, is advertised at another
 * port, so that a test can put a {@link TcpRelay} in between and cut the broker off mid-read.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private final Path logDir;
    private final boolean deleteOnClose;
    private final int brokerPort;
    private final KafkaRaftServer server;

    /** A second listener on {@code listenerPort}, which clients reach at {@code advertisedPort} through a relay. */
    public record RelayListener(int listenerPort, int advertisedPort) {
    }

    /**
     * @param relay null for no relay listener
     */
    public EmbeddedKafka(Path logDir, int brokerPort, int controllerPort, RelayListener relay, boolean deleteOnClose)
            throws Exception {
        this.logDir = logDir;
        this.deleteOnClose = deleteOnClose;
        this.brokerPort = brokerPort == 0 ? freePort() : brokerPort;
        int controller = controllerPort == 0 ? freePort() : controllerPort;
        String listeners = "PLAINTEXT://127.0.0.1:" + this.brokerPort + ",CONTROLLER://127.0.0.1:" + controller;
        String advertised = "PLAINTEXT://127.0.0.1:" + this.brokerPort;
        String protocols = "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT";
        if (relay != null) {
            listeners += ",RELAY://127.0.0.1:" + relay.listenerPort();
            advertised += ",RELAY://127.0.0.1:" + relay.advertisedPort();
            protocols += ",RELAY:PLAINTEXT";
        }
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controller);
        p.put("listeners", listeners);
        p.put("advertised.listeners", advertised);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", protocols);
        p.put("log.dirs", logDir.toAbsolutePath().toString());
        p.put("log.retention.ms", "-1");
        p.put("num.partitions", "1");
        p.put("auto.create.topics.enable", "false");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        Files.createDirectories(logDir);
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format(p);
        }
        server = new KafkaRaftServer(KafkaConfig.fromProps(p, false), Time.SYSTEM);
        server.startup();
    }

    /** A broker on free ports in a fresh temporary folder, deleted on close. */
    public static EmbeddedKafka startTemporary(RelayListener relay) throws Exception {
        return new EmbeddedKafka(Files.createTempDirectory("streamscope-kafka-"), 0, 0, relay, true);
    }

    /** {@code kafka-storage.sh format}: execute(), not main(), which would call System.exit. */
    private static void format(Properties p) throws Exception {
        Path config = Files.createTempFile("kraft", ".properties");
        try {
            try (Writer w = Files.newBufferedWriter(config)) {
                p.store(w, null);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int rc = StorageTool.execute(new String[]{"format", "-t", Uuid.randomUuid().toString(), "-c", config.toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8));
            if (rc != 0) {
                throw new IllegalStateException("kafka storage format failed: " + out.toString(StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(config);
        }
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + brokerPort;
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
        server.awaitShutdown();
        if (deleteOnClose) {
            TempTree.delete(logDir);
        }
    }
}
