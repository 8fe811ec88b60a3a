#!/usr/bin/env bash
# Apache Kafka 3.9 in KRaft mode (one node), its jars fetched from Maven Central by infra/kafka/pom.xml.
COMPONENT=kafka
source "$(dirname "$0")/lib.sh"
KDIR="$DATA/kafka"
# The broker jars are shared by every stack: fetched once, into the main data folder.
LIBS="$ROOT/.data/kafka/libs"
PIDFILE="$RUN/kafka.pid"

fetch() {
  if [ ! -f "$LIBS/.complete" ]; then
    command -v mvn >/dev/null || apt_install maven
    command -v java >/dev/null || apt_install openjdk-17-jre-headless
    log "fetching broker jars from Maven Central"
    mkdir -p "$LIBS"
    (cd "$ROOT/infra/kafka" && mvn -q -B dependency:copy-dependencies -DoutputDirectory="$LIBS") || die "maven could not fetch the Kafka jars"
    touch "$LIBS/.complete"
  fi
}

configure() {
  mkdir -p "$KDIR/data"
  # metadata.max.idle.interval.ms: how often the controller appends a no-op record to the metadata log when nothing
  # changes (Kafka's default 500 ms; each one is appended, flushed and published to the broker). Every 5 s instead, the
  # idle broker uses about a third less CPU (the benchmark diary of 28 November (`git show 9bee98b:docs/benchmarks.md`)); one node has no follower to keep in step.
  cat >"$KDIR/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KDIR/data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
auto.create.topics.enable=false
group.initial.rebalance.delay.ms=0
metadata.max.idle.interval.ms=${KAFKA_METADATA_MAX_IDLE_MS:-5000}
num.network.threads=${KAFKA_NUM_NETWORK_THREADS:-3}
num.io.threads=${KAFKA_NUM_IO_THREADS:-8}
log.retention.hours=168
PROPS
  cat >"$KDIR/log4j.properties" <<'PROPS'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaServer=INFO
log4j.logger.kafka.server.KafkaRaftServer=INFO
PROPS
  if [ ! -f "$KDIR/data/meta.properties" ]; then
    log "formatting storage"
    java -cp "$LIBS/*" -Dlog4j.configuration="file:$KDIR/log4j.properties" kafka.tools.StorageTool format \
      -t "$(java -cp "$LIBS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)" -c "$KDIR/server.properties" >"$LOGS/kafka-format.log" 2>&1 ||
      die "could not format Kafka storage (see $LOGS/kafka-format.log)"
  fi
}

start() {
  fetch
  if port_open 127.0.0.1 "$KAFKA_PORT"; then log "already running on 127.0.0.1:$KAFKA_PORT"; else
    configure
    # shellcheck disable=SC2086
    setsid nohup java ${KAFKA_JVM_OPTS:--Xms256m -Xmx768m -XX:+UseG1GC} -cp "$LIBS/*" -Dlog4j.configuration="file:$KDIR/log4j.properties" \
      kafka.Kafka "$KDIR/server.properties" >>"$LOGS/kafka.log" 2>&1 &
    echo $! >"$PIDFILE"
    wait_port 127.0.0.1 "$KAFKA_PORT" 90 kafka
    log "started on 127.0.0.1:$KAFKA_PORT"
  fi
  (cd "$ROOT" && node --import tsx infra/scripts/create-topics.ts) || die "could not create topics"
}

stop() { stop_pidfile "$PIDFILE" kafka; }

case "${1:-start}" in start) start ;; stop) stop ;; fetch) fetch ;; *) die "usage: $0 start|stop|fetch" ;; esac
