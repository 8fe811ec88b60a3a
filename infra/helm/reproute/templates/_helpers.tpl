{{/* Names */}}
{{- define "reproute.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "reproute.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* The name of one component's objects: <fullname>-<component> (also its Service's DNS name). */}}
{{- define "reproute.componentName" -}}
{{- printf "%s-%s" (include "reproute.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "reproute.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/part-of: reproute
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end }}

{{- define "reproute.selectorLabels" -}}
app.kubernetes.io/name: {{ include "reproute.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{- define "reproute.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "reproute.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "reproute.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}

{{/* The Secret holding keys and passwords: an existing one, or the chart's own. */}}
{{- define "reproute.secretName" -}}
{{- if .Values.secrets.existingSecret }}
{{- .Values.secrets.existingSecret }}
{{- else }}
{{- printf "%s-secrets" (include "reproute.fullname" .) }}
{{- end }}
{{- end }}

{{/*
Deep merge of two maps where the override wins even with false, 0 or "" (unlike mergeOverwrite).
Usage: include "reproute.merge" (dict "base" $defaults "over" $component) | fromYaml
*/}}
{{- define "reproute.merge" -}}
{{- $out := deepCopy .base }}
{{- range $k, $v := .over }}
{{- if and (kindIs "map" $v) (kindIs "map" (get $out $k)) }}
{{- $_ := set $out $k (include "reproute.merge" (dict "base" (get $out $k) "over" $v) | fromYaml) }}
{{- else }}
{{- $_ := set $out $k $v }}
{{- end }}
{{- end }}
{{- toYaml $out }}
{{- end }}

{{/* One component's effective settings: defaults overridden by components.<name>. */}}
{{- define "reproute.component" -}}
{{- include "reproute.merge" (dict "base" .root.Values.defaults "over" (get .root.Values.components .name)) }}
{{- end }}

{{/* The back-end services (every component but the gateway) in infra/env.sh's order (the seed needs identity first). */}}
{{- define "reproute.serviceNames" -}}
{{- $order := list "identity" "catalog" "engagement" "referral" "analytics" "notifier" "webhooks" }}
{{- $names := list }}
{{- range $name := $order }}{{ if hasKey $.Values.components $name }}{{ $names = append $names $name }}{{ end }}{{ end }}
{{- range $name, $_ := .Values.components }}{{ if and (ne $name "gateway") (not (has $name $order)) }}{{ $names = append $names $name }}{{ end }}{{ end }}
{{- join " " $names }}
{{- end }}

{{/* Effective Postgres location of one service's role: postgres.* overridden by components.<name>.database. */}}
{{- define "reproute.database" -}}
{{- $db := default dict (get (get .root.Values.components .name) "database") }}
host: {{ default .root.Values.postgres.host $db.host | quote }}
port: {{ default .root.Values.postgres.port $db.port | quote }}
database: {{ default .root.Values.postgres.database $db.database | quote }}
{{- end }}

{{/* PUBLIC_APP_URL: given, or derived from the ingress host. */}}
{{- define "reproute.publicAppUrl" -}}
{{- if .Values.config.publicAppUrl }}
{{- .Values.config.publicAppUrl }}
{{- else if .Values.ingress.tls }}
{{- printf "https://%s" .Values.ingress.host }}
{{- else }}
{{- printf "http://%s" .Values.ingress.host }}
{{- end }}
{{- end }}

{{- define "reproute.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "reproute.secretName" .root }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end }}

{{/* Postgres connection variables of one service (its own role; the password from the Secret). */}}
{{- define "reproute.databaseEnv" -}}
{{- $db := include "reproute.database" . | fromYaml -}}
- name: DATABASE_URL
  value: {{ printf "postgres://%s@%s:%s/%s" .name $db.host $db.port $db.database | quote }}
- name: DB_SCHEMA
  value: {{ .name | quote }}
{{ include "reproute.secretEnv" (dict "root" .root "env" "PGPASSWORD" "key" (printf "%s-db-password" .name)) }}
{{- if .root.Values.postgres.sslMode }}
- name: PGSSLMODE
  value: {{ .root.Values.postgres.sslMode | quote }}
{{- end }}
{{- end }}

{{- define "reproute.redisEnv" -}}
{{- if .Values.redis.urlSecret.name -}}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ .Values.redis.urlSecret.name }}
      key: {{ .Values.redis.urlSecret.key }}
{{- else -}}
- name: REDIS_URL
  value: {{ .Values.redis.url | quote }}
{{- end }}
{{- end }}

{{/* Variables every process reads. */}}
{{- define "reproute.commonEnv" -}}
- name: NODE_ENV
  value: {{ .root.Values.config.nodeEnv | quote }}
- name: SERVICE_NAME
  value: {{ .name | quote }}
- name: SERVICE_DIR
  value: {{ .c.serviceDir | quote }}
- name: HOST
  value: "0.0.0.0"
- name: PORT
  value: {{ .c.port | quote }}
- name: LOG_LEVEL
  value: {{ .root.Values.config.logLevel | quote }}
- name: TRACE_SAMPLE_RATIO
  value: {{ .root.Values.config.traceSampleRatio | quote }}
{{- if .root.Values.config.otlpEndpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ .root.Values.config.otlpEndpoint | quote }}
{{- end }}
- name: JWT_ISSUER
  value: {{ .root.Values.config.jwtIssuer | quote }}
{{ include "reproute.redisEnv" .root }}
{{- end }}

{{/* The TCP ports the data stores are reached on, space-separated (NetworkPolicy egress). */}}
{{- define "reproute.postgresPorts" -}}
{{- $ports := list (toString .Values.postgres.port) }}
{{- range $name, $component := .Values.components }}
{{- with (default dict (get $component "database")).port }}{{ $ports = append $ports (toString .) }}{{ end }}
{{- end }}
{{- $ports | uniq | join " " }}
{{- end }}

{{- define "reproute.kafkaPorts" -}}
{{- $ports := list }}
{{- range $broker := splitList "," .Values.kafka.brokers }}
{{- $ports = append $ports (regexFind ":[0-9]+$" (trim $broker) | trimPrefix ":" | default "9092") }}
{{- end }}
{{- $ports | uniq | join " " }}
{{- end }}

{{- define "reproute.redisPorts" -}}
{{- if .Values.redis.urlSecret.name }}
{{- .Values.networkPolicy.egress.redis.ports | default (list 6379) | join " " }}
{{- else }}
{{- regexFind ":[0-9]+$" (urlParse .Values.redis.url).host | trimPrefix ":" | default "6379" }}
{{- end }}
{{- end }}

{{- define "reproute.otlpPorts" -}}
{{- $url := urlParse .Values.config.otlpEndpoint }}
{{- regexFind ":[0-9]+$" $url.host | trimPrefix ":" | default (ternary "443" "80" (eq $url.scheme "https")) }}
{{- end }}

{{/* One egress rule: TCP to `ports` (space-separated), to the peers `to` (none: any address, on those ports only). */}}
{{- define "reproute.egressRule" -}}
- ports:
    {{- range $port := splitList " " .ports }}
    - { port: {{ $port }}, protocol: TCP }
    {{- end }}
  {{- with .to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}

{{/* A peer selecting one component's pods. */}}
{{- define "reproute.componentPeer" -}}
- podSelector:
    matchLabels:
      {{- include "reproute.selectorLabels" . | nindent 6 }}
{{- end }}

{{/* A component's ops port (/health/ready, /metrics): its port + 50, the processes' OPS_PORT default and what the gateway asks the services' readiness on. */}}
{{- define "reproute.opsPort" -}}
{{- add .port 50 }}
{{- end }}

{{/* Where the CA files of the data stores are mounted (from their caSecret). */}}
{{- define "reproute.caFile" -}}
{{- printf "/etc/reproute/tls/%s/ca.crt" . }}
{{- end }}

{{/*
Credentials and TLS of the connections (platform deployment-settings.ts), every value from a Secret or a file
mounted from one. Usage: include "reproute.connectionEnv" (dict "root" $root "kafka" true "redis" true "postgres" true)
*/}}
{{- define "reproute.connectionEnv" -}}
{{- $v := .root.Values }}
{{- if and .kafka $v.kafka.sasl.mechanism }}
- name: KAFKA_SASL_MECHANISM
  value: {{ $v.kafka.sasl.mechanism | quote }}
- name: KAFKA_SASL_USERNAME
  value: {{ required "kafka.sasl.username is required with kafka.sasl.mechanism" $v.kafka.sasl.username | quote }}
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ default (include "reproute.secretName" .root) $v.kafka.sasl.existingSecret }}
      key: {{ $v.kafka.sasl.passwordKey }}
{{- end }}
{{- if and .kafka $v.kafka.tls.enabled }}
- name: KAFKA_TLS
  value: "true"
{{- if $v.kafka.tls.caSecret.name }}
- name: KAFKA_TLS_CA_FILE
  value: {{ include "reproute.caFile" "kafka" | quote }}
{{- end }}
{{- else if and .kafka $v.kafka.tls.caSecret.name }}
{{- fail "kafka.tls.caSecret needs kafka.tls.enabled=true" }}
{{- end }}
{{- if and .redis $v.redis.auth.enabled }}
- name: REDIS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ default (include "reproute.secretName" .root) $v.redis.auth.existingSecret }}
      key: {{ $v.redis.auth.passwordKey }}
{{- end }}
{{- if and .redis $v.redis.tls.caSecret.name }}
- name: REDIS_TLS_CA_FILE
  value: {{ include "reproute.caFile" "redis" | quote }}
{{- end }}
{{- if and .postgres $v.postgres.caSecret.name }}
- name: PGSSLROOTCERT
  value: {{ include "reproute.caFile" "postgres" | quote }}
{{- end }}
{{- end }}

{{/* The CA files' volumes and mounts, for the connections a pod makes (the dict of reproute.connectionEnv); empty when none. */}}
{{- define "reproute.caSecrets" -}}
{{- $v := .root.Values }}
{{- $secrets := dict }}
{{- if and .postgres $v.postgres.caSecret.name }}{{ $_ := set $secrets "postgres" $v.postgres.caSecret }}{{ end }}
{{- if and .kafka $v.kafka.tls.enabled $v.kafka.tls.caSecret.name }}{{ $_ := set $secrets "kafka" $v.kafka.tls.caSecret }}{{ end }}
{{- if and .redis $v.redis.tls.caSecret.name }}{{ $_ := set $secrets "redis" $v.redis.tls.caSecret }}{{ end }}
{{- toYaml $secrets }}
{{- end }}

{{- define "reproute.caVolumes" -}}
{{- range $store, $secret := include "reproute.caSecrets" . | fromYaml }}
- name: ca-{{ $store }}
  secret:
    secretName: {{ $secret.name }}
    items: [{ key: {{ $secret.key | quote }}, path: ca.crt }]
{{- end }}
{{- end }}

{{- define "reproute.caVolumeMounts" -}}
{{- range $store, $_ := include "reproute.caSecrets" . | fromYaml }}
- name: ca-{{ $store }}
  mountPath: {{ dir (include "reproute.caFile" $store) }}
  readOnly: true
{{- end }}
{{- end }}
